import { historyForRequest, makeMessage, sendableText } from './chat-messages';

describe('chat messages', () => {
  it('sends only the last 6 messages, as role and content', () => {
    const messages = Array.from({ length: 9 }, (_, i) => makeMessage(i % 2 ? 'assistant' : 'user', `m${i}`));
    const history = historyForRequest(messages);
    expect(history).toHaveLength(6);
    expect(history.map((m) => m.content)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7', 'm8']);
    expect(history[0]).toEqual({ role: 'assistant', content: 'm3' });
  });

  it('sends the whole conversation while it is shorter than 6', () => {
    expect(historyForRequest([makeMessage('user', 'hi')])).toEqual([{ role: 'user', content: 'hi' }]);
    expect(historyForRequest([])).toEqual([]);
  });

  it('ignores empty input and input typed while a reply is pending', () => {
    expect(sendableText('', false)).toBeNull();
    expect(sendableText('   ', false)).toBeNull();
    expect(sendableText('How long?', true)).toBeNull();
    expect(sendableText('  How long?  ', false)).toBe('How long?');
  });

  it('gives every message its own id', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(makeMessage('user', 'a', now).id).not.toBe(makeMessage('user', 'a', now).id);
  });
});
