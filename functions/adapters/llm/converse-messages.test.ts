import { toConverseMessages } from './converse-messages';

describe('toConverseMessages', () => {
  it('starts with the user, alternates roles and ends with the new message', () => {
    const out = toConverseMessages(
      [
        { role: 'assistant', content: 'Hi! How can I help?' },
        { role: 'user', content: 'How much is Pro?' },
        { role: 'user', content: 'hello?' },
        { role: 'assistant', content: 'Pro costs $100/month.' },
        { role: 'assistant', content: '   ' },
      ],
      'And Enterprise?',
    );
    expect(out).toEqual([
      { role: 'user', content: [{ text: 'How much is Pro?\n\nhello?' }] },
      { role: 'assistant', content: [{ text: 'Pro costs $100/month.' }] },
      { role: 'user', content: [{ text: 'And Enterprise?' }] },
    ]);
  });

  it('merges the new message into a trailing user turn', () => {
    expect(toConverseMessages([{ role: 'user', content: 'first' }], 'second')).toEqual([
      { role: 'user', content: [{ text: 'first\n\nsecond' }] },
    ]);
  });

  it('works with no history', () => {
    expect(toConverseMessages([], 'hi')).toEqual([{ role: 'user', content: [{ text: 'hi' }] }]);
  });
});
