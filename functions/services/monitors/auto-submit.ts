import { BULK_ELIGIBILITY, DEFAULT_AUTO_SUBMIT_THRESHOLD, planRule, type SubmissionPlatform } from '../../../shared/plans';
import type { AutoSubmitOutcome } from '../../../shared/schemas/monitor';
import { PlanLimitError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { loadNoticeRefusal, withoutAllowlisted } from '../allowlist';
import { splitResultUrls } from '../../../shared/schemas/cases';
import { caseForBulk } from '../cases/bulk-case';
import { listOwnSites, originalRefusal } from '../own-sites';
import { casesForUrls } from '../cases/case-urls';
import { canonicalUrl } from '../search/canonical-url';
import { planOf } from '../billing/plan-store';
import { onResultSite } from '../cases/same-site';
import { siteOf } from '../cases/case-host';
import { clearReview } from '../search/bulk-review';
import type { ResultRecord } from '../search/results';
import { reviewAutomatically } from '../search/review';
import { submitResults } from '../submissions/bulk-submit';
import { recordAutoSubmit } from '../../store/entities/monitor';
import type { MonitorRecord } from './monitors';
import { autoSubmitInactive } from './rules';

/*
 * "Submit automatically" (issue 11, PRODUCT.md section 6): on a paid plan, a monitor run's new copies that
 * match a reference by their picture (fingerprint or verified, never a name alone), with high priority and on
 * no allowlisted site, are reviewed as unauthorized by the system, get their case and are submitted through
 * bulk submission as far as the plan's allowance goes. Everything else waits for review.
 */

/** What the submission service answered for each result. */
interface Submitted {
  sent: { resultId: string; caseId: string; caseNumber?: string }[];
  refused: { resultId: string; reason: string; caseId?: string }[];
}

/**
 * The one call into the submission service (bulk submission's `submitResults`: the same rules, allowance and
 * workflow as `POST /api/dmca/bulk-submit`; the allowance is admitted in selection order, and none left at all is
 * a `PlanLimitError`). Answers at once: the bulk workflow creates the cases and starts their notices.
 */
async function submit(userId: string, resultIds: string[], opts: { originalUrl?: string; platforms: SubmissionPlatform[] }): Promise<Submitted> {
  try {
    const body = await submitResults(userId, resultIds, { platforms: opts.platforms, autoSubmitThreshold: DEFAULT_AUTO_SUBMIT_THRESHOLD, ...(opts.originalUrl ? { originalUrl: opts.originalUrl } : {}) });
    return {
      sent: body.items.filter((i) => i.accepted && i.caseId).map((i) => ({ resultId: i.searchResultId, caseId: i.caseId!, caseNumber: i.caseNumber })),
      refused: body.items.filter((i) => !i.accepted).map((i) => ({ resultId: i.searchResultId, reason: i.reason ?? 'Not submitted.', caseId: i.caseId })),
    };
  } catch (err) {
    if (!(err instanceof PlanLimitError)) throw err;
    return { sent: [], refused: resultIds.map((resultId) => ({ resultId, reason: err.message })) };
  }
}

/**
 * Only copies matched by their picture are submitted automatically: never a name-only result, and never a
 * likeness match (issue 24: the creator's face in a picture that copies no reference), which waits for review.
 */
const PICTURE_MATCH = new Set(['fingerprint', 'verified']);

/**
 * Whether the run found this copy's URL first. Wider than `isNew`, which (for alerts) leaves out a known picture
 * at a new address: that is still a new infringing copy, and a notice is per URL. A monitor's result keeps its
 * first sighting, so only the run that first found it has `firstSeenAt === lastSeenAt` (novelty.ts).
 */
export const firstFoundByRun = (r: Pick<ResultRecord, 'isNew' | 'firstSeenAt' | 'lastSeenAt'>) => r.isNew || r.firstSeenAt === r.lastSeenAt;

/** Whether a result of a run qualifies for automatic submission (before the allowlist, which is read once). */
export function qualifiesForAutoSubmit(r: ResultRecord): boolean {
  return (
    firstFoundByRun(r) &&
    r.priority === BULK_ELIGIBILITY.priority &&
    PICTURE_MATCH.has(r.evidence?.matchMethod ?? '') &&
    !!r.evidence?.matchedReferenceId &&
    r.confidenceScore >= BULK_ELIGIBILITY.minConfidenceScore &&
    !r.userReviewStatus
  );
}

/** Takes the automatic decision back when no notice went out: the copy waits for the creator's review again. */
async function giveBack(userId: string, resultId: string): Promise<void> {
  await clearReview(userId, resultId).catch((err) => logger.warn('automatic review kept', { resultId, error: err as Error }));
}

/**
 * Submits a run's qualifying new copies for a monitor with "Submit automatically" on, best match first, as far
 * as the allowance goes; the rest wait for review, quietly. Returns what happened (also
 * recorded on the monitor), or undefined when the monitor does not submit automatically or nothing qualified.
 */
export async function autoSubmitNew(m: MonitorRecord, searchId: string, results: ResultRecord[], now = new Date()): Promise<AutoSubmitOutcome | undefined> {
  if (!m.autoSubmit) return undefined;
  // Triage already dropped allowlisted sites and the creator's own sites; the same rule runs again, since the
  // creator may have added one during the run. The original URL's site never gets a notice either.
  const ownSite = m.originalUrl ? siteOf(m.originalUrl) : undefined;
  const refusal = await loadNoticeRefusal(m.userId);
  const qualifying = (await withoutAllowlisted(m.userId, results.filter(qualifiesForAutoSubmit), (r) => [r.url, r.domain]))
    .filter((r) => !ownSite || !onResultSite(r.domain || siteOf(r.url), ownSite))
    .filter((r) => !splitResultUrls(r.url).some((u) => refusal(u)))
    .sort((a, b) => b.confidenceScore - a.confidenceScore);
  if (qualifying.length === 0) return undefined;
  // One case per copy (issue 23): a copy whose URL already has a case gets nothing new filed.
  const filed = await casesForUrls(m.userId, qualifying.flatMap((r) => splitResultUrls(r.url)));
  const caseOf = (r: ResultRecord) => splitResultUrls(r.url).map((u) => filed.get(u)).find(Boolean);
  // Several pictures of one page are one copy: the best match of each URL is submitted (its siblings go with it).
  const seenUrls = new Set<string>();
  const candidates = qualifying.filter((r) => {
    if (caseOf(r)) return false;
    const urls = splitResultUrls(r.url).map(canonicalUrl);
    if (urls.some((u) => seenUrls.has(u))) return false;
    urls.forEach((u) => seenUrls.add(u));
    return true;
  });
  const alreadyFiled = qualifying.flatMap((r) => {
    const c = caseOf(r);
    return c ? [{ resultId: r.id, url: r.url, caseId: c.id, caseNumber: c.caseNumber }] : [];
  });

  const outcome: AutoSubmitOutcome = { searchId, at: now.toISOString(), sent: [], waiting: 0, reason: null, ...(alreadyFiled.length ? { alreadyFiled } : {}) };
  if (candidates.length === 0) {
    await recordAutoSubmit(m.id, outcome);
    return outcome;
  }
  const plan = await planOf(m.userId);
  const inactive = autoSubmitInactive(m, plan);
  // The monitor's original URL goes into the notices only when it is on the creator's own sites (issue 23);
  // otherwise they describe the work without one.
  const originalUrl = m.originalUrl && !originalRefusal(m.originalUrl, await listOwnSites(m.userId)) ? m.originalUrl : undefined;
  if (inactive) {
    outcome.waiting = candidates.length;
    outcome.reason = inactive;
  } else {
    // Decided by the system first (bulk eligibility needs the review), in one submission, best match first; what
    // the allowance did not admit is given back to the creator's review.
    const reviewed: ResultRecord[] = [];
    for (const r of candidates) if (await reviewAutomatically(m.userId, r.id, now)) reviewed.push(r); // else the creator decided meanwhile
    let answer: Submitted;
    try {
      answer = await submit(m.userId, reviewed.map((r) => r.id), { ...(originalUrl ? { originalUrl } : {}), platforms: [...planRule(plan).platforms] });
    } catch (err) {
      logger.error('automatic submission failed', { monitorId: m.id, searchId, error: err as Error });
      answer = { sent: [], refused: reviewed.map((r) => ({ resultId: r.id, reason: 'The automatic submission could not be started.' })) };
    }
    const byId = new Map(reviewed.map((r) => [r.id, r]));
    outcome.sent = [];
    for (const x of answer.sent) {
      const r = byId.get(x.resultId);
      const c = r && !x.caseNumber ? await caseOfSent(r, originalUrl, plan) : undefined;
      outcome.sent.push({ ...x, ...(c ? { caseId: c.id, caseNumber: c.caseNumber } : {}), url: r?.url ?? '' });
    }
    for (const refusal of answer.refused) {
      if (!refusal.caseId) await giveBack(m.userId, refusal.resultId);
      outcome.waiting += 1;
      outcome.reason ??= refusal.reason;
    }
  }
  await recordAutoSubmit(m.id, outcome);
  return outcome;
}

/**
 * The case of a copy the bulk workflow files: its case is created (or found) here with the very id and
 * options the workflow's item uses (caseForBulk is idempotent on the result), so the alert can name it at once.
 */
async function caseOfSent(r: ResultRecord, originalUrl: string | undefined, plan: Awaited<ReturnType<typeof planOf>>): Promise<{ id: string; caseNumber: string } | undefined> {
  const platforms = [...planRule(plan).platforms];
  try {
    return await caseForBulk(r, { ...(originalUrl ? { originalUrl } : {}), searchEngine: platforms[0]!, platforms });
  } catch (err) {
    logger.warn('case number of an automatic submission not read', { resultId: r.id, error: err as Error });
    return undefined;
  }
}
