import { PLANS, PLATFORM_LABELS, bulkIneligibility, isNameMatchOnly, planAllowsPlatform, withinBulkLimit, type SubmissionPlatform } from '../../../shared/plans';
import type { BulkSubmit, BulkSubmitResponse } from '../../../shared/schemas/dmca';
import type { PlanId } from '../../../shared/schemas/user';
import { HttpError, PlanLimitError } from '../../lib/errors';
import { takeSubmission } from '../allowances/submissions';
import { planOf } from '../billing/plan-store';
import { hashRequest, runOnce, type IdempotentOutcome } from '../idempotency';
import { getResult, type ResultRecord } from '../search/results';
import { startCaseSubmission } from './automated-submission';
import { listCasesByUser, type CaseRecord } from '../cases/case-store';
import { caseForBulk } from '../cases/create-case';
import { requireOwned } from '../../lib/ownership';

/** How long a bulk request without an Idempotency-Key is remembered: a double click or a quick retry. */
export const DERIVED_KEY_WINDOW_SECONDS = 120;
/** How long a response to a request with an Idempotency-Key is replayed. */
export const EXPLICIT_KEY_TTL_SECONDS = 24 * 3600;

/** The spec's trial message, and the same sentence for the other limited plans. */
export function bulkLimitMessage(plan: PlanId): string {
  const rule = PLANS[plan];
  const who = plan === 'trial' ? 'Trial' : rule.name;
  return `${who} accounts are limited to ${rule.bulkLimit} bulk submissions. Please upgrade to process more violations.`;
}

const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** Names the plans that include a platform, cheapest first ("Basic, Pro or Enterprise"). */
function plansWith(platform: SubmissionPlatform): string {
  const names = (Object.keys(PLANS) as PlanId[]).filter((p) => planAllowsPlatform(p, platform)).map((p) => PLANS[p].name);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

class BulkPlanError extends HttpError {
  constructor(message: string, code: string) {
    super(402, code, message);
  }
}

/** Why a result may not go into a bulk submission, or undefined when it may: the rule the site shows (shared/plans.ts). */
export function ineligibility(result: ResultRecord, threshold: number): string | undefined {
  return bulkIneligibility({ ...result, matchMethod: isNameMatchOnly(result.evidence) ? 'name' : undefined, contentConfirmedAt: result.contentConfirmedAt }, threshold);
}

/** Plan gates, on the stored plan: the number of selected violations and the platforms. */
function checkPlan(plan: PlanId, body: BulkSubmit): void {
  if (!withinBulkLimit(plan, body.searchResultIds.length)) throw new BulkPlanError(bulkLimitMessage(plan), 'PLAN_LIMIT_EXCEEDED');
  const refused = body.platforms.filter((p) => !planAllowsPlatform(plan, p));
  if (refused.length > 0) {
    const labels = refused.map((p) => PLATFORM_LABELS[p]);
    throw new BulkPlanError(
      `${list(labels)} ${refused.length === 1 ? 'is' : 'are'} not included in the ${PLANS[plan].name} plan. ` +
        `Upgrade to ${plansWith(refused[0]!)} to submit to ${list(labels)}.`,
      'PLATFORM_NOT_IN_PLAN',
    );
  }
}

async function loadOwnResults(userId: string, ids: string[]): Promise<ResultRecord[]> {
  const out: ResultRecord[] = [];
  for (let i = 0; i < ids.length; i += 25) {
    const chunk = await Promise.all(ids.slice(i, i + 25).map((id) => getResult(id)));
    chunk.forEach((r, j) => out.push(requireOwned(r, userId, `Search result ${ids[i + j]}`)));
  }
  return out;
}

async function submitAll(userId: string, body: BulkSubmit, results: ResultRecord[]): Promise<BulkSubmitResponse> {
  const originalUrl = body.originalUrl ?? (await listCasesByUser(userId, 1))[0]?.originalUrl;
  const items: BulkSubmitResponse['items'] = [];
  for (const result of results) {
    const reason =
      ineligibility(result, body.autoSubmitThreshold) ??
      (originalUrl ? undefined : 'No original URL on file: send originalUrl, or create one case from the DMCA form first.');
    if (reason) {
      items.push({ searchResultId: result.id, submitted: false, reason });
      continue;
    }
    // One unit of the monthly (and daily) submission allowance per notice, taken before the case is written,
    // so a refusal writes nothing; given back when no notice starts (resolved, or an attempt already under way).
    let sent: { started: boolean; c: CaseRecord; resolved: boolean };
    try {
      sent = await takeSubmission(userId, async () => {
        const c = await caseForBulk(result, { originalUrl: originalUrl!, description: body.description, searchEngine: body.platforms[0]!, platforms: body.platforms });
        if (c.status === 'resolved') return { started: false, c, resolved: true };
        return { started: (await startCaseSubmission(c)).started, c, resolved: false };
      });
    } catch (err) {
      // The allowance ran out: nothing sent yet is a 402; otherwise the rest of the selection is refused by name.
      if (!(err instanceof PlanLimitError) || !items.some((i) => i.submitted)) throw err;
      items.push({ searchResultId: result.id, submitted: false, reason: err.message });
      continue;
    }
    const { c } = sent;
    items.push(
      sent.resolved
        ? { searchResultId: result.id, submitted: false, caseId: c.id, caseNumber: c.caseNumber, reason: 'Already resolved: the copy was taken down.' }
        : { searchResultId: result.id, submitted: true, caseId: c.id, caseNumber: c.caseNumber },
    );
  }
  const successfulSubmissions = items.filter((i) => i.submitted).length;
  const firstReason = items.find((i) => !i.submitted)?.reason;
  return {
    success: successfulSubmissions > 0,
    error: successfulSubmissions > 0 ? null : `None of the selected violations could be submitted. ${firstReason ?? ''}`.trim(),
    processedViolations: results.length,
    successfulSubmissions,
    items,
  };
}

/**
 * `POST /api/dmca/bulk-submit`, on the server: the plan's limit and platforms (stored plan), every id one of
 * the caller's results (else 404, nothing sent), then per result the eligibility rules; each eligible result
 * gets its case (reused or created) and the automated submission (the same workflow as one case).
 *
 * Idempotent: with an Idempotency-Key header the first response is replayed for 24 hours; without one, the
 * same selection (ids, platforms, threshold) from the same user within 2 minutes is the same request. Under
 * both, each case's own attempt claim means a case is never sent twice by overlapping requests.
 */
export async function bulkSubmit(userId: string, body: BulkSubmit, idempotencyKey?: string): Promise<IdempotentOutcome<BulkSubmitResponse>> {
  const plan = await planOf(userId);
  checkPlan(plan, body);
  const results = await loadOwnResults(userId, body.searchResultIds);
  const request = { ...body, searchResultIds: [...body.searchResultIds].sort(), platforms: [...body.platforms].sort() };
  const requestHash = hashRequest(request);
  return runOnce(
    {
      userId,
      operation: 'bulk-submit',
      key: idempotencyKey ?? `derived:${requestHash}`,
      requestHash,
      ttlSeconds: idempotencyKey ? EXPLICIT_KEY_TTL_SECONDS : DERIVED_KEY_WINDOW_SECONDS,
    },
    async () => ({ status: 200, body: await submitAll(userId, body, results) }),
  );
}
