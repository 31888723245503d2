import { AGENT_DEFAULTS } from './agent-identity';
import type { CaseRecord } from '../cases/case-store';
import { formatCaseNumber } from '../cases/case-number';
import { bulkCaseIdFor } from '../cases/bulk-case';
import { buildNoticeInput, redactCreator } from './notice-input';

const creator = {
  contentCreatorName: 'Lia Moreno',
  contentCreatorEmail: 'lia@private.test',
  contentCreatorPhone: '+1 555 0101',
  contentCreatorAddress: '5 Elm Road, Flat 2, Newtown 12345',
};

describe('redactCreator', () => {
  it("withholds the creator's name, e-mail, phone and address (whole or a line with a digit), case-insensitively", () => {
    const text = 'Set by LIA MORENO, lia@private.test, +1 555 0101, 5 Elm Road, Flat 2, Newtown 12345; see 5 elm road.';
    expect(redactCreator(text, creator)).toBe('Set by [withheld], [withheld], [withheld], [withheld]; see [withheld].');
  });

  it('leaves words alone that merely contain a short name, and text without details unchanged', () => {
    expect(redactCreator('Art gallery', { contentCreatorName: 'Ar' })).toBe('Art gallery');
    expect(redactCreator('Clarissa and Lia', { contentCreatorName: 'Lia' })).toBe('Clarissa and [withheld]');
    expect(redactCreator('Photo set', {})).toBe('Photo set');
  });
});

describe('buildNoticeInput', () => {
  const c = {
    id: '01JD8Y6V6M2Q7J3K9P0R5S8T1W',
    caseNumber: 'VGL-2026-000001',
    infringingUrl: 'https://a.example/1\nhttps://a.example/2',
    originalUrl: 'https://mine.example/set',
    description: 'Set by Lia Moreno',
    searchEngine: 'bing',
  } as CaseRecord;

  it("files under the agent, with evidence only for the URLs the result saw, and no creator detail", () => {
    const input = buildNoticeInput(
      c,
      { url: 'https://a.example/2', similarityScore: 0.91, evidence: { seenAt: '2026-05-01T00:00:00Z', engines: [] }, createdAt: 'x' } as never,
      creator,
      AGENT_DEFAULTS,
      new Date('2026-06-01T00:00:00Z'),
    );
    expect(input).toMatchObject({
      caseNumber: 'VGL-2026-000001',
      work: { description: 'Set by [withheld]', originalUrl: 'https://mine.example/set' },
      infringingUrls: ['https://a.example/1', 'https://a.example/2'],
      evidence: [{ url: 'https://a.example/2', seenAt: '2026-05-01T00:00:00Z', similarity: 0.91 }],
      agent: AGENT_DEFAULTS,
      searchEngine: 'bing',
    });
    expect(JSON.stringify(input)).not.toMatch(/Lia|private\.test|555 0101|Elm Road/);
  });
});

describe('case ids and numbers', () => {
  it('formats case numbers as VGL-<year>-<6 digits>', () => {
    expect(formatCaseNumber(123, new Date('2026-03-01T00:00:00Z'))).toBe('VGL-2026-000123');
    expect(formatCaseNumber(1234567, new Date('2027-01-01T00:00:00Z'))).toBe('VGL-2027-1234567');
  });

  it('derives one bulk case id per result: a valid ULID with the result\'s time', () => {
    const result = '01JD8Y6V6M2Q7J3K9P0R5S8T1W';
    const id = bulkCaseIdFor(result);
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(id.slice(0, 10)).toBe(result.slice(0, 10));
    expect(bulkCaseIdFor(result)).toBe(id);
    expect(bulkCaseIdFor('01JD8Y6V6M2Q7J3K9P0R5S8T1X')).not.toBe(id);
  });
});
