import { accountIntent, capabilityReply, DELISTING_REPLY, FACE_RECOGNITION_REPLY, VIDEO_REPLY } from './account-intents';

describe('accountIntent', () => {
  it.each([
    ['How many scans do I have left?', 'get_usage'],
    ['what plan am I on', 'get_usage'],
    ['How many notices can I still send? how many submissions do I have left', 'get_usage'],
    ['Which of my cases are escalated?', 'list_escalations'],
    ['How many cases do I have?', 'list_cases'],
    ['Are my monitors running?', 'list_monitors'],
    ['Show my recent scans', 'list_scans'],
  ])('%s -> %s', (message, tool) => {
    expect(accountIntent(message)?.name).toBe(tool);
  });

  it('reads a case number in any case', () => {
    expect(accountIntent('why did vgl-2026-000001 fail?')).toEqual({ name: 'get_case', input: { caseNumber: 'vgl-2026-000001' } });
  });

  it('leaves general questions to the help centre', () => {
    for (const m of ['How much does the Pro plan cost?', 'How do scans work?', 'What is a counter-notice?', 'How long do takedowns take?']) {
      expect(accountIntent(m)).toBeUndefined();
    }
  });
});

describe('capabilityReply', () => {
  it('answers video and delisting questions, and states likeness matching as the help centre does', () => {
    // Issue 24: likeness matching exists; face questions are answered by its help entry, which says how it is
    // turned on and that its results are reviewed.
    expect(capabilityReply('Do you use face recognition?')).toBeUndefined();
    expect(FACE_RECOGNITION_REPLY).toMatch(/Likeness tab/);
    expect(FACE_RECOGNITION_REPLY).toMatch(/never submitted automatically/);
    expect(FACE_RECOGNITION_REPLY).not.toMatch(/does not offer/);
    expect(capabilityReply('Can Vigil detect videos?')).toBe(VIDEO_REPLY);
    expect(capabilityReply('how do I get a link delisted')).toBe(DELISTING_REPLY);
    expect(capabilityReply('Can you remove it from Google search results?')).toBe(DELISTING_REPLY);
  });

  it('stays out of other questions', () => {
    for (const m of ['Which file types can I upload?', 'How do I change the interface language?', 'How much is Pro?']) expect(capabilityReply(m)).toBeUndefined();
  });
});
