import { PLANS, PLATFORM_LABELS, bulkIneligibility, bulkLimitExceeded, creatorCheckNeeded, planAllowsPlatform, type SubmissionPlatform } from '../../../shared/plans';
import { bulkSubmitSchema, type BulkSubmit, type BulkSubmitInput, type BulkSubmitResponse } from '../../../shared/schemas/cases';
import type { PlanId } from '../../../shared/schemas/user';
import { ulid } from 'ulid';
import { startWorkflow } from '../../adapters/workflows';
import { config } from '../../lib/config';
import { HttpError, PlanLimitError, WorkflowUnavailableError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { parseOrThrow } from '../../lib/validation';
import { ALREADY_RESOLVED, type BulkItem, type BulkSubmissionInput } from '../../../shared/workflows/bulk-submission';
import { returnAllowance, takeAllowance, type AllowanceUse } from '../allowances/allowances';
import { forgetBulk, recordBulkStarted } from './bulk-executions';
import { planOf } from '../billing/plan-store';
import { hashRequest, runOnce, type IdempotentOutcome } from '../idempotency';
import { getResult, type ResultRecord } from '../search/results';
import { latestCaseForResult, type CaseRecord } from '../cases/case-store';
import { bulkCaseIdFor } from '../cases/bulk-case';
import { requireOwned } from '../../lib/ownership';
import { splitResultUrls } from '../../../shared/schemas/cases';
import { loadNoticeRefusal } from '../allowlist';
import { requireOwnOriginal } from '../own-sites';

/** How long a bulk request without an Idempotency-Key is remembered: a double click or a quick retry. */
export const DERIVED_KEY_WINDOW_SECONDS = 120;
/** How long a response to a request with an Idempotency-Key is replayed. */
export const EXPLICIT_KEY_TTL_SECONDS = 24 * 3600;

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
  return bulkIneligibility({ ...result, matchMethod: creatorCheckNeeded(result.evidence), contentConfirmedAt: result.contentConfirmedAt }, threshold);
}

/** Plan gates, on the stored plan: the number of selected violations and the platforms. */
function checkPlan(plan: PlanId, body: BulkSubmit): void {
  const overLimit = bulkLimitExceeded(plan, body.searchResultIds.length);
  if (overLimit) throw new BulkPlanError(overLimit, 'PLAN_LIMIT_EXCEEDED');
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

type Item = BulkSubmitResponse['items'][number];
const refused = (result: ResultRecord, reason: string, c?: CaseRecord): Item => ({
  searchResultId: result.id,
  submitted: false,
  accepted: false,
  ...(c ? { caseId: c.id, caseNumber: c.caseNumber } : {}),
  reason,
});

/**
 * Takes the submission allowance for `wanted` notices in one conditional update each (monthly, daily), or for
 * as many as are left when fewer are: `admitted` of them, the first ones of the selection. Nothing left at all
 * is the `PlanLimitError` (402), having changed nothing.
 */
async function admit(userId: string, wanted: number): Promise<{ use: AllowanceUse; admitted: number; refusal?: PlanLimitError }> {
  let want = wanted;
  let refusal: PlanLimitError | undefined;
  // A parallel request may take units between the refusal and the next try: a few rounds, each smaller.
  for (let round = 0; round < 4 && want > 0; round++) {
    try {
      return { use: await takeAllowance(userId, 'submissions', want), admitted: want, refusal };
    } catch (err) {
      if (!(err instanceof PlanLimitError)) throw err;
      refusal = err;
      want = Math.min(want - 1, err.figures.limit - err.figures.used);
    }
  }
  throw refusal!;
}

/** The case a result's notice goes into: its latest case (reused, as the DMCA form's), else its bulk case id. */
async function casesOf(results: ResultRecord[]): Promise<(CaseRecord | undefined)[]> {
  const out: (CaseRecord | undefined)[] = [];
  for (let i = 0; i < results.length; i += 25) out.push(...(await Promise.all(results.slice(i, i + 25).map((r) => latestCaseForResult(r.id)))));
  return out;
}

/**
 * The original URL of the cases a submission creates (issue 23): optional (the notices then describe the work
 * without one); when sent, it must be on the creator's own sites (else a 422 naming it). Nothing is taken from
 * earlier cases.
 */
async function originalFor(userId: string, sent: string | undefined): Promise<string | undefined> {
  await requireOwnOriginal(userId, sent);
  return sent;
}

/**
 * Decides per result (eligibility, an original URL, a resolved case), admits the allowance for the accepted
 * ones, and starts ONE bulk workflow execution over them (ARCHITECTURE.md, "Bulk submission"); answers at once.
 * The workflow creates or reuses each case and starts its submission, MaxConcurrency at a time.
 */
async function submitAll(userId: string, body: BulkSubmit, results: ResultRecord[]): Promise<BulkSubmitResponse> {
  const originalUrl = await originalFor(userId, body.originalUrl);
  const cases = await casesOf(results);
  // No notice about the creator's own sites or an allowlisted domain, whichever path (issue 23).
  const protectedUrl = await loadNoticeRefusal(userId);
  const items: Item[] = [];
  const accepted: { result: ResultRecord; item: BulkItem }[] = [];
  results.forEach((result, i) => {
    const c = cases[i];
    const reason =
      splitResultUrls(result.url).map(protectedUrl).find(Boolean) ??
      ineligibility(result, body.autoSubmitThreshold) ??
      (c?.status === 'resolved' ? ALREADY_RESOLVED : undefined);
    if (reason) items.push(refused(result, reason, c));
    else accepted.push({ result, item: { resultId: result.id, caseId: c?.id ?? bulkCaseIdFor(result.id) } });
  });

  let executionId: string | null = null;
  if (accepted.length > 0) {
    // One unit of the monthly (and daily) submission allowance per accepted notice, taken before anything starts,
    // so a refusal changes nothing; the workflow gives a unit back for each item that ends up not sent.
    const { use, admitted, refusal } = await admit(userId, accepted.length);
    for (const { result } of accepted.slice(admitted)) items.push(refused(result, refusal!.message));
    const run = accepted.slice(0, admitted);
    executionId = ulid();
    const input: BulkSubmissionInput = {
      bulkId: executionId,
      userId,
      options: { ...(originalUrl ? { originalUrl } : {}), description: body.description, searchEngine: body.platforms[0]!, platforms: body.platforms },
      allowance: { refs: use.refs, n: admitted },
      items: run.map((a) => a.item),
    };
    await startBulk(input, use);
    for (const { result, item } of run) {
      const c = cases[results.indexOf(result)];
      items.push({ searchResultId: result.id, submitted: true, accepted: true, caseId: item.caseId, ...(c ? { caseNumber: c.caseNumber } : {}) });
    }
  }
  // The selection's order.
  const order = new Map(results.map((r, i) => [r.id, i]));
  items.sort((a, b) => order.get(a.searchResultId)! - order.get(b.searchResultId)!);
  const successfulSubmissions = items.filter((i) => i.accepted).length;
  const firstReason = items.find((i) => !i.accepted)?.reason;
  return {
    success: successfulSubmissions > 0,
    error: successfulSubmissions > 0 ? null : `None of the selected violations could be submitted. ${firstReason ?? ''}`.trim(),
    processedViolations: results.length,
    successfulSubmissions,
    executionId,
    items,
  };
}

/**
 * Starts the bulk execution (named after the bulk id), its record written first (what recovery reads when the
 * execution stops part-way: ./bulk-executions.ts); when it cannot start, the allowance goes back whole.
 */
async function startBulk(input: BulkSubmissionInput, use: AllowanceUse): Promise<void> {
  let recorded = false;
  try {
    const arn = config().bulkSubmissionStateMachineArn;
    if (!arn) throw new Error('BULK_SUBMISSION_STATE_MACHINE_ARN is not configured');
    await recordBulkStarted(input);
    recorded = true;
    await startWorkflow(arn, input.bulkId, input);
  } catch (err) {
    logger.error('bulk submission workflow did not start', { bulkId: input.bulkId, error: err as Error });
    if (recorded) await forgetBulk(input.bulkId);
    await returnAllowance(use);
    throw new WorkflowUnavailableError('The bulk submission could not be started. Please try again in a minute.');
  }
}

/** What `submitResults` may be told; each field defaults as in `POST /api/dmca/bulk-submit`. */
export type SubmitResultsOptions = Partial<Pick<BulkSubmitInput, 'platforms' | 'autoSubmitThreshold' | 'originalUrl' | 'description'>>;

/**
 * Bulk submission from another service (no HTTP, no idempotency record): the monitor pipeline's automatic
 * takedown (issue 11) calls it with the new results of a run. The same rules and the same workflow as
 * `POST /api/dmca/bulk-submit`: the plan's bulk limit and platforms (throws the 402 `HttpError`s), every id one of
 * `userId`'s results (else `NotFoundError`), eligibility per result, the allowance (`PlanLimitError` when none
 * is left), then one bulk workflow execution. Returns at once with the accepted ids and `executionId`.
 * @public issue 11's monitor pipeline calls it (knip: not yet imported on this branch).
 */
export async function submitResults(userId: string, resultIds: string[], options: SubmitResultsOptions = {}): Promise<BulkSubmitResponse> {
  const body = parseOrThrow(bulkSubmitSchema, { searchResultIds: resultIds, ...options }, 'body');
  checkPlan(await planOf(userId), body);
  return submitAll(userId, body, await loadOwnResults(userId, body.searchResultIds));
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
