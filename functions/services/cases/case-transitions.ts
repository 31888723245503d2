import { recordCaseResolved, recordCaseSent, recordEmailSent } from '../metrics';
import { addToUserCounters } from '../stats';
import * as cases from '../../store/entities/case';
import * as returns from '../../store/entities/case-return';
import { claimResultTakedown, transitionCase, type CaseRecord } from './case-store';

/*
 * The case status moves of the submission workflow together with what they count: the owner's counters and
 * the admin metrics move only when this call made the transition, so retried tasks count once.
 */

/**
 * A notice went out: the case becomes `sent` if it was pending, and only then is `dmcaSent` ADDed and the
 * submission counted. A notice sent again on a later attempt counts as an e-mail, not a new submission.
 * Returns whether this call made the transition.
 */
export async function markCaseSent(c: Pick<CaseRecord, 'id' | 'userId'>, at: string): Promise<boolean> {
  // A reappeared copy (issue 11) is sent again from `reappeared`.
  const transitioned = await transitionCase(c.id, ['pending', 'reappeared'], 'sent', at);
  if (transitioned) {
    await addToUserCounters(c.userId, { dmcaSent: 1 });
    await recordCaseSent({ at, byEmail: true });
  } else {
    await recordEmailSent(at);
  }
  return transitioned;
}

/**
 * Every infringing URL is gone: the case becomes `resolved` if it was sent; then `resolvedCases` +1, and
 * `activeViolations` -1 when its result is marked unauthorized and no other case of that result was
 * resolved before. Returns whether this call made the transition.
 */
export async function resolveCase(
  c: Pick<CaseRecord, 'id' | 'userId' | 'searchResultId'>,
  resultUnauthorized: boolean,
  at: string,
): Promise<boolean> {
  if (!(await transitionCase(c.id, ['sent'], 'resolved', at))) return false;
  const takedown = resultUnauthorized && (await claimResultTakedown(c.searchResultId, c.id, at));
  await addToUserCounters(c.userId, { resolvedCases: 1, ...(takedown ? { activeViolations: -1 } : {}) });
  await recordCaseResolved(at);
  return true;
}

/**
 * A removed copy is back online: the case becomes `reappeared` if it was resolved, and only then is the return
 * recorded platform-wide (store/entities/case-return.ts: the admin's "came back" figure). Every path that reopens a
 * case goes through here (re-emergence, a monitor's re-check, a repost in the same source). Returns whether this
 * call made the transition.
 */
export async function reopenReappeared(c: Pick<CaseRecord, 'id' | 'host' | 'resolvedAt'>, at: string): Promise<boolean> {
  if (!(await cases.transition(c.id, ['resolved'], 'reappeared', at))) return false;
  await returns.create({ caseId: c.id, host: c.host, ...(c.resolvedAt ? { removedAt: c.resolvedAt } : {}), at });
  return true;
}
