import { splitInfringingUrls } from '../../../shared/schemas/cases';
import { getResult } from '../search/results';
import { resolveCase } from './case-transitions';
import { judgePage, snapshotPage, type PageVerdict } from './page-check';
import type { CaseRecord } from './case-store';

/**
 * Whether a case's copies are gone from their source: every infringing URL fetched again through the safe
 * fetcher and judged against the notice's baseline (page-check.ts). When all are gone the case is `resolved`
 * (resolvedAt, the owner's counters; case-transitions.ts) before this returns.
 */
export async function checkSource(
  c: CaseRecord,
  now: Date,
): Promise<{ removed: boolean; reason: string; urls: PageVerdict[] }> {
  const result = await getResult(c.searchResultId);
  const watch = result?.previewRef && /^https?:\/\//i.test(result.previewRef) ? [result.previewRef] : [];
  const urls = await Promise.all(
    splitInfringingUrls(c.infringingUrl).map(async (url) => judgePage(await snapshotPage(url, now), c.baseline?.find((b) => b.url === url), watch)),
  );
  const remaining = urls.filter((u) => !u.gone);
  if (remaining.length === 0) {
    await resolveCase(c, result?.userReviewStatus === 'unauthorized', now.toISOString());
    return { removed: true, reason: urls.length === 1 ? urls[0]!.reason : 'Every infringing URL is gone.', urls };
  }
  const reason =
    remaining.length === 1
      ? `Still online after the notice: ${remaining[0]!.url} (${remaining[0]!.reason})`
      : `${remaining.length} of ${urls.length} URLs are still online after the notice, e.g. ${remaining[0]!.url} (${remaining[0]!.reason})`;
  return { removed: false, reason, urls };
}
