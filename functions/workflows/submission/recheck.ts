import { splitInfringingUrls } from '../../../shared/schemas/cases';
import { updateSubmission } from '../../services/cases/case-store';
import { resolveCase } from '../../services/cases/case-transitions';
import { getResult } from '../../services/search/results';
import { SubmissionSupersededError, loadCase } from './load-case';
import { judgePage, snapshotPage } from '../../services/cases/page-check';
import type { RecheckOutput, SubmissionState } from './types';
import { traced } from '../../lib/tracer';

/**
 * Task Recheck: after the wait, re-fetches every infringing URL through the safe fetcher and compares it with
 * the baseline. All gone: the case becomes `resolved` (resolvedAt), `resolvedCases` +1, and `activeViolations`
 * -1 if its result is marked unauthorized and no other case of that result was resolved before. Any still
 * there (or not checkable): the case is flagged for escalation with the reason recorded.
 */
export async function recheck(input: SubmissionState, now = new Date()): Promise<RecheckOutput> {
  const c = await loadCase(input);
  if (!(await updateSubmission(c.id, input.attempt, { state: 'rechecking' }))) throw new SubmissionSupersededError(c.id);
  const result = await getResult(c.searchResultId);
  const watch = result?.previewRef && /^https?:\/\//i.test(result.previewRef) ? [result.previewRef] : [];
  const urls = await Promise.all(
    splitInfringingUrls(c.infringingUrl).map(async (url) => {
      const snapshot = await snapshotPage(url, now);
      return judgePage(snapshot, c.baseline?.find((b) => b.url === url), watch);
    }),
  );
  const at = now.toISOString();
  const remaining = urls.filter((u) => !u.gone);

  if (remaining.length === 0) {
    await resolveCase(c, result?.userReviewStatus === 'unauthorized', at);
    await updateSubmission(c.id, input.attempt, { state: 'resolved' }, {}, at);
    return { outcome: 'removed', reason: urls.length === 1 ? urls[0]!.reason : 'Every infringing URL is gone.', urls };
  }

  const reason =
    remaining.length === 1
      ? `Still online after the notice: ${remaining[0]!.url} (${remaining[0]!.reason})`
      : `${remaining.length} of ${urls.length} URLs are still online after the notice, e.g. ${remaining[0]!.url} (${remaining[0]!.reason})`;
  await updateSubmission(c.id, input.attempt, { state: 'escalated' }, { escalation: { flagged: true, reason, checkedAt: at } }, at);
  return { outcome: 'still-online', reason, urls };
}

export const handler = traced((input: SubmissionState) => recheck(input));
