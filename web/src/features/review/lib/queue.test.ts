import type { SearchResult } from '@shared/schemas/search';
import { nextAfterDecision, readView, selectResults, toggleSelection, writeView } from './queue';

const result = (id: string, extra: Partial<SearchResult> = {}): SearchResult => ({
  id,
  userId: 'U',
  searchId: 'S',
  title: id,
  domain: 'a.example',
  url: `https://a.example/${id}`,
  platform: 'forum',
  source: 'google',
  contentType: 'images',
  confidence: 50,
  similarityScore: 0.5,
  confidenceScore: 0.5,
  priority: 'medium',
  previewUrl: null,
  screenshotBase64: null,
  description: '',
  userReviewStatus: null,
  reviewedAt: null,
  instances: 1,
  evidence: { seenAt: '2026-01-01T00:00:00Z', engines: [] },
  createdAt: '2026-01-01T00:00:00Z',
  firstSeenAt: '2026-01-01T00:00:00Z',
  lastSeenAt: '2026-01-01T00:00:00Z',
  isNew: false,
  ...extra,
});

describe('the view in the address', () => {
  it('reads defaults from an empty address and writes nothing for them', () => {
    const view = readView(new URLSearchParams());
    expect(view).toEqual({ sort: 'confidence', minConfidence: 0, host: '', platform: '', newOnly: false, undecidedOnly: false, mode: 'queue' });
    expect(writeView(view).toString()).toBe('');
  });

  it('round-trips every filter and ignores unknown values', () => {
    const params = new URLSearchParams('view=list&sort=host&min=80&host=b.example&platform=forum&new=1&undecided=1');
    expect(writeView(readView(params)).toString()).toBe(params.toString());
    expect(readView(new URLSearchParams('sort=bogus&min=55'))).toMatchObject({ sort: 'confidence', minConfidence: 0 });
  });
});

describe('selectResults', () => {
  const list = [
    result('A', { confidence: 60, domain: 'b.example', isNew: true }),
    result('B', { confidence: 90, userReviewStatus: 'safe' }),
    result('C', { confidence: 85, platform: 'video', isNew: false }),
  ];
  it('sorts by confidence and filters by host, platform, minimum, new and undecided', () => {
    const base = readView(new URLSearchParams());
    expect(selectResults(list, base).map((r) => r.id)).toEqual(['B', 'C', 'A']);
    expect(selectResults(list, { ...base, host: 'b.example' }).map((r) => r.id)).toEqual(['A']);
    expect(selectResults(list, { ...base, platform: 'video' }).map((r) => r.id)).toEqual(['C']);
    expect(selectResults(list, { ...base, minConfidence: 80 }).map((r) => r.id)).toEqual(['B', 'C']);
    expect(selectResults(list, { ...base, undecidedOnly: true }).map((r) => r.id)).toEqual(['C', 'A']);
    expect(selectResults(list, { ...base, newOnly: true }).map((r) => r.id)).toEqual(['A']);
    expect(selectResults(list, { ...base, sort: 'host' }).map((r) => r.id)).toEqual(['B', 'C', 'A']);
  });
});

describe('nextAfterDecision', () => {
  const list: SearchResult[] = ['A', 'B', 'C'].map((id) => result(id));
  it('moves to the next undecided result, wrapping, and stays put at the end when all are decided', () => {
    expect(nextAfterDecision(list, 0, new Map([['A', 'safe']]))).toBe(1);
    expect(nextAfterDecision(list, 2, new Map([['C', 'safe']]))).toBe(0);
    expect(nextAfterDecision(list, 0, new Map([['A', 'safe'], ['B', 'unauthorized']]))).toBe(2);
    const all = new Map(list.map((r) => [r.id, 'safe' as const]));
    expect(nextAfterDecision(list, 2, all)).toBe(2);
  });
});

describe('toggleSelection', () => {
  const ids = ['A', 'B', 'C', 'D', 'E'];
  it('toggles one id on a click and a range on a shift-click', () => {
    let s = toggleSelection(new Set(), ids, 'B', null, false);
    expect([...s]).toEqual(['B']);
    s = toggleSelection(s, ids, 'D', 'B', true);
    expect([...s].sort()).toEqual(['B', 'C', 'D']);
    s = toggleSelection(s, ids, 'C', 'D', true); // C is selected: the range C..D is cleared
    expect([...s]).toEqual(['B']);
    s = toggleSelection(s, ids, 'E', null, true); // no anchor: a plain toggle
    expect([...s].sort()).toEqual(['B', 'E']);
  });
});
