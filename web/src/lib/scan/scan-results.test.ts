import type { SearchResult } from '@shared/schemas/search';
import {
  SANDBOX_NOTICE,
  countByContentType,
  engineLabel,
  engineList,
  flattenGrouped,
  groupByContentType,
  hasSandboxResults,
  replaceResult,
  skippedReferencesNote,
  uniqueDomainCount,
} from './scan-results';

function result(id: string, over: Partial<SearchResult> = {}): SearchResult {
  return {
    id,
    userId: 'U1',
    searchId: 'S1',
    title: `Result ${id}`,
    domain: 'leakforum.example',
    url: `https://leakforum.example/${id}`,
    platform: 'forum',
    source: 'serpapi',
    contentType: 'web',
    confidence: 50,
    similarityScore: 0.5,
    confidenceScore: 0.5,
    priority: 'low',
    previewUrl: null,
    screenshotBase64: null,
    description: '',
    userReviewStatus: null,
    reviewedAt: null,
    instances: 1,
    evidence: { seenAt: '2026-01-01T00:00:00Z', engines: ['google'] },
    createdAt: '2026-01-01T00:00:00Z',
    firstSeenAt: '2026-01-01T00:00:00Z',
    lastSeenAt: '2026-01-01T00:00:00Z',
    isNew: false,
    ...over,
  };
}

describe('scan result helpers', () => {
  it('groups by content type in order and counts each tab', () => {
    const list = [result('a'), result('b', { contentType: 'images' }), result('c', { contentType: 'videos' }), result('d')];
    const grouped = groupByContentType(list);
    expect(grouped.web.map((r) => r.id)).toEqual(['a', 'd']);
    expect(countByContentType(grouped)).toEqual({ web: 2, images: 1, videos: 1 });
    expect(flattenGrouped(grouped).map((r) => r.id)).toEqual(['a', 'd', 'b', 'c']);
  });

  it('counts unique domains ignoring case and www', () => {
    expect(uniqueDomainCount([{ domain: 'A.example' }, { domain: 'www.a.example' }, { domain: 'b.example' }])).toBe(2);
    expect(uniqueDomainCount([])).toBe(0);
  });

  it('spots sandbox results and words the notice plainly', () => {
    expect(hasSandboxResults([result('a'), result('b', { source: 'sandbox' })])).toBe(true);
    expect(hasSandboxResults([result('a')])).toBe(false);
    expect(SANDBOX_NOTICE).toBe("Sandbox results: these come from Vigil's simulated web, not the live internet");
  });

  it('names engines', () => {
    expect(engineLabel('duckduckgo')).toBe('DuckDuckGo');
    expect(engineLabel('other')).toBe('other');
    expect(engineList(['google', 'bing'])).toBe('Google, Bing');
  });

  it('swaps an updated result into lists and grouped answers, leaving others untouched', () => {
    const list = [result('a'), result('b')];
    const updated = result('b', { userReviewStatus: 'unauthorized' });
    expect(replaceResult(list, updated)[1]!.userReviewStatus).toBe('unauthorized');
    expect(replaceResult(list, result('zz'))).toBe(list);

    const grouped = groupByContentType([result('a'), result('i', { contentType: 'images' })]);
    const next = replaceResult(grouped, result('i', { contentType: 'images', userReviewStatus: 'safe' }));
    expect(next.images[0]!.userReviewStatus).toBe('safe');
    expect(next.web).toBe(grouped.web);
    expect(replaceResult(undefined, updated)).toBeUndefined();
  });
});

describe('skippedReferencesNote', () => {
  it('names each file the scan could not fingerprint, with its reason', () => {
    expect(skippedReferencesNote(undefined)).toBeUndefined();
    expect(skippedReferencesNote([])).toBeUndefined();
    expect(skippedReferencesNote([{ filename: 'wall.png', reason: 'too little detail to fingerprint' }])).toEqual({
      title: 'One file is not used to recognise copies',
      files: ['wall.png: too little detail to fingerprint'],
      hint: 'Copies of a picture with more detail, such as a photograph, can be recognised. Creator names are searched as usual.',
    });
    const two = skippedReferencesNote([
      { filename: 'wall.png', reason: 'too little detail to fingerprint' },
      { filename: 'clip.mp4', reason: 'could not be decoded' },
    ]);
    expect(two?.title).toBe('2 files are not used to recognise copies');
    expect(two?.files).toEqual(['wall.png: too little detail to fingerprint', 'clip.mp4: could not be decoded']);
  });
});
