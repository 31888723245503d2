import { FUNNEL_STAGES, type AdminMetrics, type AdminSystem, type AdminUsers, type AiInsights, type FinancialRow, type FinancialStats } from '../../../shared/schemas/admin';
import { readEngagement } from '../events/engagement';
import { readDaily, readMonths, readSnapshot } from './figures-store';
import { computeFinancialRows, computeFinancialStats, computeMetrics, computeSystem, computeUsers } from './formulas';
import { getPlanPrices } from '../platform/plan-prices';
import { deriveInsights, funnelCounts } from './insights';

/** The admin dashboard's figures, each from a few counter reads (see ./figures-store.ts) and a pure formula. */

export async function adminMetrics(now = new Date()): Promise<AdminMetrics> {
  return computeMetrics(await readSnapshot(now));
}

export async function adminUsers(now = new Date()): Promise<AdminUsers> {
  const snapshot = await readSnapshot(now);
  const counts = funnelCounts(snapshot);
  return { ...computeUsers(snapshot), funnel: FUNNEL_STAGES.map((stage) => ({ stage, users: Math.max(0, counts[stage]) })) };
}

export async function adminSystem(now = new Date()): Promise<AdminSystem> {
  const [snapshot, daily] = await Promise.all([readSnapshot(now), readDaily(now)]);
  return computeSystem(snapshot, daily);
}

export async function adminFinancial(now = new Date()): Promise<FinancialRow[]> {
  return computeFinancialRows(await readMonths(now));
}

export async function adminFinancialStats(now = new Date()): Promise<FinancialStats> {
  const [snapshot, [thisMonth]] = await Promise.all([readSnapshot(now), readMonths(now, 1)]);
  return computeFinancialStats(computeMetrics(snapshot), thisMonth!);
}

export async function adminInsights(now = new Date()): Promise<AiInsights> {
  const [snapshot, [thisMonth], engagement, { prices }] = await Promise.all([readSnapshot(now), readMonths(now, 1), readEngagement(now), getPlanPrices()]);
  return deriveInsights({ snapshot, thisMonth: thisMonth!, engagement, prices });
}

export { listManagedUsers, setDiscount } from './user-management';
export { adminRevenue } from './revenue';
export { businessReportFile } from './business-reports';
