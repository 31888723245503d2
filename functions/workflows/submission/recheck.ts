import { updateSubmission } from '../../services/cases/case-store';
import { checkSource } from '../../services/cases/source-check';
import { endCase } from '../../services/cases/ladder';
import { SubmissionSupersededError, loadCase } from './load-case';
import type { RecheckOutput, SubmissionState } from './types';
import { traced } from '../../lib/tracer';

/**
 * Task Recheck: after the rung's wait, re-fetches every infringing URL through the safe fetcher and compares it
 * with the baseline. All gone: the case is `resolved` and ends "removed at the source" on this rung. Any still
 * there (or not checkable): the reason is recorded and the workflow climbs to the next rung. A case that ended
 * meanwhile (a counter-notice) is left as it is.
 */
export async function recheck(input: SubmissionState, now = new Date()): Promise<RecheckOutput> {
  const c = await loadCase(input);
  if (c.outcome) return { outcome: 'ended', reason: `The case has ended (${c.outcome.kind}).`, urls: [] };
  if (!(await updateSubmission(c.id, input.attempt, { state: 'rechecking' }))) throw new SubmissionSupersededError(c.id);
  const check = await checkSource(c, now);
  const at = now.toISOString();
  if (check.removed) {
    await endCase(c, 'removed', at, check.reason);
    return { outcome: 'removed', reason: check.reason, urls: check.urls };
  }
  await updateSubmission(c.id, input.attempt, { state: 'climbing' }, { escalation: { flagged: true, reason: check.reason, checkedAt: at } }, at);
  return { outcome: 'still-online', reason: check.reason, urls: check.urls };
}

export const handler = traced((input: SubmissionState) => recheck(input));
