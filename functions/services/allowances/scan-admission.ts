import { allowanceResetsAt, scanUnits } from '../../../shared/plans';
import type { ScanOrigin } from '../../../shared/schemas/monitor';
import { OPS_METRICS, recordOpsMetric } from '../../adapters/metrics/ops-metrics';
import { config } from '../../lib/config';
import { ProviderBudgetExhaustedError } from '../../lib/errors';
import * as counter from '../../store/counters';
import { keys } from '../../store/keys';
import { returnAllowance, takeAllowance, type AllowanceUse } from './allowances';
import { releaseScanSlot, takeScanSlot } from './scan-slot';

/** An admitted scan: call `release()` when it fails to start, so the units, the platform searches and the slot go back. */
export interface ScanAdmission {
  /** Scan units taken from the creator's monthly allowance. */
  units: number;
  release(): Promise<void>;
}

/** The platform's provider searches of the month of `now`: one guarded counter (issue 27). */
const platformSearchesRef = (now: Date): counter.CounterRef => ({
  key: keys.monthlyCounter('provider-searches', now.toISOString()),
  attribute: 'count',
  set: { entity: 'PLATFORM_PROVIDER_BUDGET' },
});

/**
 * The gate every scan start passes before anything is written, whoever started it (issue 27):
 * 1. the one-scan-at-a-time slot (429), for scans a person starts (`manual`, `monitor-run-now`); a scheduled
 *    run does not wait for the creator's own scan to end;
 * 2. `scanUnits(providerSearches)` of the creator's monthly scan allowance (402 PLAN_LIMIT), for every origin, a
 *    monitor's scheduled run included, so creating, running and deleting monitors cannot mint scans;
 * 3. `providerSearches` of the platform's monthly provider budget (503 PROVIDER_BUDGET_EXHAUSTED), which stops
 *    new runs before the provider's own quota.
 * A refusal at any step gives back what the earlier steps took, so a refused start changes nothing.
 */
export async function admitScan(userId: string, searchId: string, origin: ScanOrigin, providerSearches: number, now = new Date()): Promise<ScanAdmission> {
  const slot = origin !== 'monitor-scheduled';
  if (slot) await takeScanSlot(userId, searchId, now);
  const units = scanUnits(providerSearches);
  let use: AllowanceUse;
  try {
    use = await takeAllowance(userId, 'scans', units, now);
  } catch (err) {
    if (slot) await releaseScanSlot(userId, searchId);
    throw err;
  }
  const platform = platformSearchesRef(now);
  const admitted = await counter.take(platform, config().platformProviderSearchesPerMonth, providerSearches);
  if (!admitted.taken) {
    await returnAllowance(use);
    if (slot) await releaseScanSlot(userId, searchId);
    throw new ProviderBudgetExhaustedError(allowanceResetsAt(now));
  }
  recordOpsMetric(OPS_METRICS.providerSearchesAdmitted, providerSearches);
  const limit = config().platformProviderSearchesPerMonth;
  if (limit > 0) recordOpsMetric(OPS_METRICS.providerBudgetUsedPercent, (100 * (await counter.read(platform))) / limit, 'Percent');
  return {
    units,
    async release() {
      await counter.give(platform, providerSearches);
      await returnAllowance(use);
      if (slot) await releaseScanSlot(userId, searchId);
    },
  };
}

/**
 * Provider searches that are not scans (issue 23: a delisting check looks each filed URL up in its engine again)
 * take from the same platform budget as scans, so the month's provider quota covers them too. No creator
 * allowance is taken: the checks are the agent's work. Throws ProviderBudgetExhaustedError (503) when the budget
 * is spent; nothing is taken then.
 */
export async function admitProviderSearches(n: number, now = new Date()): Promise<void> {
  const platform = platformSearchesRef(now);
  const admitted = await counter.take(platform, config().platformProviderSearchesPerMonth, n);
  if (!admitted.taken) throw new ProviderBudgetExhaustedError(allowanceResetsAt(now));
  recordOpsMetric(OPS_METRICS.providerSearchesAdmitted, n);
}
