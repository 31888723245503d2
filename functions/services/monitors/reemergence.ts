import { planRule } from '../../../shared/plans';
import { logger } from '../../lib/logger';
import { getCase } from '../cases/case-store';
import { reopenReappeared } from '../cases/case-transitions';
import { removedCaseIdsSince } from '../cases/outcomes';
import { getResult } from '../search/results';
import { raiseAlert } from './alerts';
import { copyBackAt } from './follow-up';
import { getMonitor, planOf } from './monitors';

/**
 * Re-emergence (issue 25): every 4 hours (the job's EventBridge rate, infra/stacks/workflows-stack.ts) the URLs of cases that ended `removed` are fetched
 * again (the scheduled job functions/jobs/reemergence.ts), on paid plans; a copy that is back reopens its case as
 * `reappeared` with an alert on its monitor. The sources where copies appeared are read again by their monitors'
 * runs, where a repost reopens the case too (follow-up.ts `repostIn`).
 */
/** How far back removed cases are watched. */
export const REEMERGENCE_LOOKBACK_DAYS = 180;

export interface ReemergenceRun {
  checked: number;
  reopened: string[];
  skippedTrial: number;
}

export async function recheckRemovedCopies(now = new Date()): Promise<ReemergenceRun> {
  const from = new Date(now.getTime() - REEMERGENCE_LOOKBACK_DAYS * 86_400_000).toISOString();
  const ids = await removedCaseIdsSince(from);
  const run: ReemergenceRun = { checked: 0, reopened: [], skippedTrial: 0 };
  const paid = new Map<string, boolean>();
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
    if (!url || !(await reopenReappeared(c, now.toISOString()))) continue;
    run.reopened.push(c.id);
    const m = result?.monitorId ? await getMonitor(result.monitorId) : undefined;
    if (m && result) {
      await raiseAlert(
        m,
        { kind: 'reappeared', searchId: result.searchId, title: `Vigil: a removed copy is back online ("${m.name}")`, items: [{ caseId: c.id, url, confidence: result.confidence }] },
        now,
      ).catch((err) => logger.warn('re-emergence alert not raised', { caseId: c.id, error: err as Error }));
    }
  }
  logger.info('re-emergence check', { ...run, reopened: run.reopened.length });
  return run;
}
