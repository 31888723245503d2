import { normaliseTarget, sourceLabel, sourceListSchema, sourcesFieldSchema } from './sources';

describe('source specs (issue 25)', () => {
  it('takes what a person pastes: @names, t.me links, r/ names and reddit.com links', () => {
    expect(normaliseTarget('telegram', ' @LeakChan ')).toBe('LeakChan');
    expect(normaliseTarget('telegram', 'https://t.me/s/leakchan?before=10')).toBe('leakchan');
    expect(normaliseTarget('reddit', 'r/Pics')).toBe('Pics');
    expect(normaliseTarget('reddit', 'https://www.reddit.com/r/pics/new/')).toBe('pics');
    expect(normaliseTarget('site', 'Pixeldrain-Folder:AbC123')).toBe('pixeldrain-folder:AbC123');
  });

  it('refuses bad targets with a message naming them, and more than ten sources', () => {
    const parsed = sourceListSchema.safeParse([
      { kind: 'telegram', target: 'ab' },
      { kind: 'reddit', target: 'no spaces' },
      { kind: 'site', target: '../etc' },
      { kind: 'discord', target: 'x' },
    ]);
    expect(parsed.success).toBe(false);
    const messages = parsed.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^0\.target: "ab" is not a Telegram channel username/),
      expect.stringMatching(/^1\.target: "no spaces" is not a subreddit name/),
      expect.stringMatching(/^2\.target: "\.\.\/etc" is not a leak site id/),
      expect.stringMatching(/^3\.kind: A source's kind must be one of telegram, reddit, site/),
    ]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ kind: 'reddit', target: `sub${i}` }));
    expect(sourceListSchema.safeParse(eleven).error?.issues[0]?.message).toBe('Add at most 10 sources.');
  });

  it('drops duplicates (names are case-insensitive) and reads the multipart field', () => {
    expect(sourcesFieldSchema.parse(undefined)).toEqual([]);
    expect(sourcesFieldSchema.parse('')).toEqual([]);
    expect(sourcesFieldSchema.parse('[{"kind":"telegram","target":"@LeakChan"},{"kind":"telegram","target":"leakchan"},{"kind":"reddit","target":"*"}]')).toEqual([
      { kind: 'telegram', target: 'LeakChan' },
      { kind: 'reddit', target: '*' },
    ]);
    expect(sourcesFieldSchema.safeParse('not json').error?.issues[0]?.message).toMatch(/^sources must be a JSON list/);
  });

  it('names a source in words', () => {
    expect(sourceLabel({ kind: 'telegram', target: 'leakchan' })).toBe('Telegram channel @leakchan');
    expect(sourceLabel({ kind: 'reddit', target: '*' })).toBe('Reddit search');
    expect(sourceLabel({ kind: 'reddit', target: 'pics' })).toBe('Subreddit r/pics');
  });
});
