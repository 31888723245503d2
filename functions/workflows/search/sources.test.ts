import type { SourceCandidate } from '../../adapters/sources';
import type { ResultRecord } from '../../services/search/results';
import { repostIn } from '../../services/monitors/follow-up';
import { outcomeOf, sourceBranches } from './finalize';
import { discoveredChannels, toCandidates } from './query-source';
import { telegramChannelsIn } from './triage';
import type { SearchState } from './types';

const post = (over: Partial<SourceCandidate> = {}): SourceCandidate => ({
  url: 'https://t.me/lunaleaks/7',
  title: 'new set',
  postedAt: '2026-11-27T10:00:00.000Z',
  media: [
    { url: 'https://cdn4.telesco.pe/file/a.jpg', kind: 'image' },
    { url: 'https://cdn4.telesco.pe/file/b.mp4', kind: 'video', thumbnailUrl: 'https://cdn4.telesco.pe/file/b.jpg' },
  ],
  source: { kind: 'telegram', target: 'lunaleaks' },
  telegramChannels: ['lunaleaks', 'LunaMirror', 'other_chan'],
  ...over,
});

describe("a source's posts as Triage's input (issue 25)", () => {
  it('gives one candidate per medium, the post as the page, and says where it came from', () => {
    const [image, video] = toCandidates([post()], '2026-11-28T00:00:00.000Z');
    const via = { kind: 'telegram', target: 'lunaleaks', postUrl: 'https://t.me/lunaleaks/7', postedAt: '2026-11-27T10:00:00.000Z' };
    expect(image).toEqual({
      url: 'https://t.me/lunaleaks/7',
      title: 'new set',
      snippet: 'new set',
      domain: 't.me',
      engine: 'telegram',
      provider: 'telegram',
      sandbox: false,
      seenAt: '2026-11-28T00:00:00.000Z',
      via: { ...via, mediaUrl: 'https://cdn4.telesco.pe/file/a.jpg' },
      kind: 'images',
      imageUrl: 'https://cdn4.telesco.pe/file/a.jpg',
    });
    expect(video).toMatchObject({ kind: 'videos', videoUrl: 'https://cdn4.telesco.pe/file/b.mp4', imageUrl: 'https://cdn4.telesco.pe/file/b.jpg', via: { ...via, mediaUrl: 'https://cdn4.telesco.pe/file/b.mp4' } });
    // A post without media is its page (matched by name); a post served by the sandbox web says so.
    const [page] = toCandidates([post({ media: [], url: 'http://localhost:9/sandbox/leaksites/x/t/1' })], 't', 'http://localhost:9/sandbox');
    expect(page).toMatchObject({ kind: 'web', sandbox: true, domain: 'localhost' });
  });

  it("discovers the Telegram channels posts and results link to, not the source's own", () => {
    expect(discoveredChannels([post(), post({ telegramChannels: ['other_chan'] })])).toEqual(['lunamirror', 'other_chan']);
    expect(
      telegramChannelsIn(['https://t.me/LunaMirror/12', 'https://t.me/s/leakhub_x', 'https://t.me/joinchat/abc', 'https://t.me/+invite', 'https://example.com/t.me/fake', 'https://telegram.me/leakhub_x']),
    ).toEqual(['leakhub_x', 'lunamirror']);
  });
});

describe('a scan with sources ends partial, never failed, when a source fails (issue 25)', () => {
  const base: SearchState = {
    searchId: 's',
    userId: 'u',
    names: ['Luna'],
    engines: ['google'],
    contentType: 'images',
    references: [],
    sources: [
      { kind: 'telegram', target: 'lunaleaks' },
      { kind: 'reddit', target: 'lunavale' },
      { kind: 'site', target: 'xenforo-forum' },
    ],
    since: null,
    engineResults: [{ engine: 'google', ok: true, result: { candidatesKey: 'k', candidates: 1, failedKinds: [], sandbox: true } }],
  };
  const done = (candidates: number, extra: object = {}) => ({ candidatesKey: 'k', candidates, posts: candidates, requests: 2, telegramChannels: [], ...extra });

  it('records each branch with its reason', () => {
    const state: SearchState = {
      ...base,
      sourceResults: [
        { source: base.sources![0]!, ok: true, result: done(3, { seconds: 1.25 }) },
        { source: base.sources![1]!, ok: true, result: done(1, { stoppedBecause: 'a page had the wrong shape' }) },
        { source: base.sources![2]!, ok: false, error: 'States.Timeout' },
      ],
    };
    expect(sourceBranches(state)).toEqual([
      { kind: 'telegram', target: 'lunaleaks', ok: true, candidates: 3, requests: 2, seconds: 1.25 },
      { kind: 'reddit', target: 'lunavale', ok: true, candidates: 1, requests: 2, reason: 'a page had the wrong shape' },
      { kind: 'site', target: 'xenforo-forum', ok: false, candidates: 0, reason: 'The source could not be read (States.Timeout).' },
    ]);
    expect(outcomeOf(state).status).toBe('partial');
    const allWell = { ...state, sourceResults: state.sourceResults!.map((r) => ({ source: r.source, ok: true as const, result: done(1) })) };
    expect(outcomeOf(allWell).status).toBe('completed');
  });

  it('is partial when every engine failed but a source answered, and failed only when nothing answered', () => {
    const noEngine: SearchState = { ...base, engineResults: [{ engine: 'google', ok: false, error: 'Error' }] };
    expect(outcomeOf({ ...noEngine, sourceResults: [{ source: base.sources![0]!, ok: true, result: done(2) }] }).status).toBe('partial');
    const stoppedAtOnce = { candidatesKey: 'k', candidates: 0, posts: 0, requests: 0, telegramChannels: [], stoppedBecause: 'Reddit is not configured' };
    expect(outcomeOf({ ...noEngine, sources: [base.sources![1]!], sourceResults: [{ source: base.sources![1]!, ok: true, result: stoppedAtOnce }] }).status).toBe('failed');
    // Executions from before sources: no sources, no branches.
    expect(sourceBranches({ ...base, sources: undefined })).toEqual([]);
  });
});

describe('a copy reposted in the source where its removed copy appeared (issue 25)', () => {
  const via = { kind: 'telegram' as const, target: 'lunaleaks', postUrl: 'https://t.me/lunaleaks/7' };
  const result = (id: string, evidence: Partial<ResultRecord['evidence']>) => ({ id, url: evidence.via?.postUrl ?? 'https://x.example/1', confidence: 90, evidence: { seenAt: 't', engines: [], ...evidence } }) as unknown as ResultRecord;

  it('is a result of the same source that matched the same reference', () => {
    const removed = result('r1', { via, matchedReferenceId: 'ref1' });
    const repost = result('r2', { via: { ...via, target: 'LunaLeaks', postUrl: 'https://t.me/lunaleaks/99' }, matchedReferenceId: 'ref1' });
    const elsewhere = result('r3', { via: { ...via, target: 'otherchan', postUrl: 'https://t.me/otherchan/1' }, matchedReferenceId: 'ref1' });
    const otherWork = result('r4', { via: { ...via, postUrl: 'https://t.me/lunaleaks/100' }, matchedReferenceId: 'ref2' });
    expect(repostIn(removed, [elsewhere, otherWork, repost])).toBe(repost);
    expect(repostIn(removed, [removed, elsewhere, otherWork])).toBeUndefined();
    expect(repostIn(result('r5', { matchedReferenceId: 'ref1' }), [repost])).toBeUndefined();
  });
});
