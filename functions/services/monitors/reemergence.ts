import { planRule } from '../../../shared/plans';
import { logger } from '../../lib/logger';
import { getCase, type CaseRecord } from '../cases/case-store';
import { reopenReappeared } from '../cases/case-transitions';
import { removedCaseIdsSince } from '../cases/outcomes';
import { getResult, type ResultRecord } from '../search/results';
import { raiseAlert } from './alerts';
import { copyBackAt } from './follow-up';
import { getMonitor, planOf } from './monitors';
import { findReposts, type ReadSource, type RemovedSourceCopy } from './source-reemergence';

/**
 * Re-emergence (issue 25): every 4 hours (the job's EventBridge rate, infra/stacks/workflows-stack.ts, and the
 * local runtime's timer, local/daily-jobs.ts) on paid plans, apart from any monitor's schedule:
 * - the URLs of cases that ended `removed` are fetched again (the scheduled job functions/jobs/reemergence.ts);
 * - the sources where removed copies had appeared (a Telegram channel, a subreddit, a leak site) are read again,
 *   once per creator and source, and a post in them that copies the same reference file after the removal is the
 *   copy come back (./source-reemergence.ts).
 * A copy that is back reopens its case as `reappeared`, with an alert on its monitor. Monitor runs also re-check
 * their own resolved cases after each run (follow-up.ts `checkReappearances`).
 */
/** How far back removed cases are watched. */
export const REEMERGENCE_LOOKBACK_DAYS = 180;

export interface ReemergenceRun {
  checked: number;
  reopened: string[];
  skippedTrial: number;
  /** Sources read again for removed copies that had appeared in them. */
  sourcesRead: number;
}

export async function recheckRemovedCopies(now = new Date(), deps: { readSource?: ReadSource } = {}): Promise<ReemergenceRun> {
  const from = new Date(now.getTime() - REEMERGENCE_LOOKBACK_DAYS * 86_400_000).toISOString();
  const ids = await removedCaseIdsSince(from);
  const run: ReemergenceRun = { checked: 0, reopened: [], skippedTrial: 0, sourcesRead: 0 };
  const paid = new Map<string, boolean>();
  const inSources: RemovedSourceCopy[] = [];
  const held = new Map<string, { c: CaseRecord; result: ResultRecord }>();
  const back: Reopened[] = [];
  for (const id of ids) {
    const c = await getCase(id);
    if (!c || c.status !== 'resolved') continue; // reopened, deleted or erased since
    if (!paid.has(c.userId)) paid.set(c.userId, planRule(await planOf(c.userId)).priceUsd > 0);
    if (!paid.get(c.userId)) {
      run.skippedTrial += 1;
      continue;
    }
    run.checked += 1;
    const result = await getResult(c.searchResultId);
    const url = await copyBackAt(c, result, now);
    if (url) {
      if (await reopenReappeared(c, now.toISOString())) back.push({ c, result, url });
      continue;
    }
    // Not back at its own link: a copy that came from a source may have been posted there again.
    if (result?.evidence.via && result.evidence.matchedReferenceId) {
      inSources.push({ case: c, result });
      held.set(c.id, { c, result });
    }
  }
  if (inSources.length > 0) {
    const { reposts, sourcesRead } = await findReposts(inSources, now, deps.readSource ? { read: deps.readSource } : {});
    run.sourcesRead = sourcesRead;
    for (const repost of reposts) {
      const { c, result } = held.get(repost.caseId)!;
      if (await reopenReappeared(c, now.toISOString())) back.push({ c, result, url: repost.url });
    }
  }
  run.reopened = back.map((b) => b.c.id);
  await alertMonitors(back, now);
  logger.info('re-emergence check', { ...run, reopened: run.reopened.length });
  return run;
}

interface Reopened {
  c: CaseRecord;
  result: ResultRecord | undefined;
  /** Where the copy is back: its own URL, or the repost's link in its source. */
  url: string;
}

/**
 * One `reappeared` alert per monitor whose cases this run reopened, listing each copy where it is back. Its id
 * carries the run's time, so a retried run raises it once and a later run's alert is a new one.
 */
async function alertMonitors(back: readonly Reopened[], now: Date): Promise<void> {
  const byMonitor = new Map<string, Reopened[]>();
  for (const b of back) if (b.result?.monitorId) byMonitor.set(b.result.monitorId, [...(byMonitor.get(b.result.monitorId) ?? []), b]);
  for (const [monitorId, list] of byMonitor) {
    const m = await getMonitor(monitorId);
    if (!m) continue;
    const n = list.length;
    await raiseAlert(
      m,
      {
        kind: 'reappeared',
        searchId: list[0]!.result!.searchId,
        key: `job${now.getTime()}`,
        title: `Vigil: ${n} removed ${n === 1 ? 'copy is' : 'copies are'} back online ("${m.name}")`,
        items: list.map((b) => ({ caseId: b.c.id, url: b.url, confidence: b.result!.confidence })),
      },
      now,
    ).catch((err) => logger.warn('re-emergence alert not raised', { monitorId, error: err as Error }));
  }
}
