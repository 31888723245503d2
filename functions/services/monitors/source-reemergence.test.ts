import type { SourceCandidate } from '../../adapters/sources';
import { groupBySource, repostsAmong, type RemovedSourceCopy } from './source-reemergence';

/*
 * Issue 25, re-emergence in sources: which posts of a source read again bring a removed copy back. The reading,
 * fetching and matching are the job's (integration: functions/services/search/tests/sources-journey.test.ts).
 */

const channel = { kind: 'telegram' as const, target: 'lunavale_leaks' };
const removedAt = '2026-11-28T10:00:00.000Z';

function removed(id: string, over: { userId?: string; reference?: string; target?: string; url?: string } = {}): RemovedSourceCopy {
  const url = over.url ?? `https://t.me/lunavale_leaks/${id}`;
  return {
    case: { id: `case-${id}`, userId: over.userId ?? 'u1', infringingUrl: url, resolvedAt: removedAt, outcome: { kind: 'removed', at: removedAt, step: 'host' } },
    result: {
      id: `result-${id}`,
      searchId: 's1',
      url,
      confidence: 90,
      evidence: {
        seenAt: '2026-11-27T10:00:00.000Z',
        engines: ['telegram'],
        matchedReferenceId: over.reference ?? 'ref-a',
        via: { kind: 'telegram', target: over.target ?? channel.target, postUrl: url },
      },
    },
  };
}

const post = (id: string, postedAt: string | undefined, source = channel): SourceCandidate => ({
  url: `https://t.me/${source.target}/${id}`,
  media: [{ url: `https://cdn/${id}.jpg`, kind: 'image' }],
  title: 'Fresh leak',
  source,
  ...(postedAt ? { postedAt } : {}),
});

const none = { casedUrls: new Set<string>(), seenUrls: new Set<string>() };
const copying = (map: Record<string, string[]>) => (p: SourceCandidate) => new Set(map[p.url] ?? []);

describe('reposts of removed copies in a source read again', () => {
  it('takes a post of the same reference after the removal as the copy come back', () => {
    const later = post('900', '2026-11-28T12:00:00.000Z');
    expect(repostsAmong([later], [removed('120')], copying({ [later.url]: ['ref-a'] }), none)).toEqual([
      { caseId: 'case-120', url: later.url, postedAt: later.postedAt, referenceId: 'ref-a' },
    ]);
  });

  it('does not take a post from before the removal, of another reference, the copy itself or a post with its own case', () => {
    const before = post('110', '2026-11-28T09:59:00.000Z');
    const other = post('901', '2026-11-28T12:00:00.000Z');
    const itself = { ...post('120', '2026-11-28T12:00:00.000Z') };
    const cased = post('902', '2026-11-28T12:00:00.000Z');
    const copies = copying({ [before.url]: ['ref-a'], [other.url]: ['ref-b'], [itself.url]: ['ref-a'], [cased.url]: ['ref-a'] });
    expect(repostsAmong([before, other, itself, cased], [removed('120')], copies, { ...none, casedUrls: new Set([cased.url]) })).toEqual([]);
  });

  it('takes an undated post only when the scan that found the copy had not seen it', () => {
    const undated = post('903', undefined);
    const copies = copying({ [undated.url]: ['ref-a'] });
    expect(repostsAmong([undated], [removed('120')], copies, { ...none, seenUrls: new Set([undated.url]) })).toEqual([]);
    expect(repostsAmong([undated], [removed('120')], copies, none).map((r) => r.url)).toEqual([undated.url]);
  });

  it('reads each source once per creator: copies grouped by creator, kind and name', () => {
    const groups = groupBySource([removed('1'), removed('2', { target: 'LunaVale_Leaks' }), removed('3', { userId: 'u2' }), removed('4', { target: 'otherchan' })]);
    expect(groups.map((g) => g.map((r) => r.case.id))).toEqual([['case-1', 'case-2'], ['case-3'], ['case-4']]);
  });
});
