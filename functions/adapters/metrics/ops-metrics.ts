import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from '../../lib/logger';
import { publishMetrics } from './index';
import { METRICS_NAMESPACE } from './request-metrics';

/**
 * Operational metrics the alarms watch (issue 27), as EMF lines in namespace `Vigil`, service `vigil-ops`:
 * - `MonitorDispatchLagSeconds`: a scheduled monitor run's start minus the time its schedule was due.
 * - `MonitorRunsStarted`, `MonitorRunsSkipped`: scheduled runs started, and refused (budget, plan, paused).
 * - `ProviderQuotaErrors`: provider answers meaning the provider's plan is used up (ProviderQuotaError).
 * - `ProviderSearchesAdmitted`: provider searches admitted under the platform budget.
 * - `ProviderBudgetUsedPercent`: the share of the month's platform budget spent after an admission (the spend alarm's input).
 * On AWS they reach CloudWatch through the function's log (no API call); locally they go to METRICS_LOG_DIR.
 */
export const OPS_METRICS = {
  dispatchLag: 'MonitorDispatchLagSeconds',
  monitorRunsStarted: 'MonitorRunsStarted',
  monitorRunsSkipped: 'MonitorRunsSkipped',
  providerQuotaErrors: 'ProviderQuotaErrors',
  providerSearchesAdmitted: 'ProviderSearchesAdmitted',
  providerBudgetUsedPercent: 'ProviderBudgetUsedPercent',
} as const;
export const OPS_SERVICE = 'vigil-ops';

const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: OPS_SERVICE, logger });

type OpsMetric = (typeof OPS_METRICS)[keyof typeof OPS_METRICS];

/** Records one value of an operational metric and publishes it at once (never throws: a metric is not worth a failed run). */
export function recordOpsMetric(name: OpsMetric, value: number, unit: 'Seconds' | 'Count' | 'Percent' = 'Count'): void {
  try {
    metrics.addMetric(name, MetricUnit[unit], value);
    publishMetrics(metrics);
  } catch (err) {
    logger.warn('ops metric not recorded', { name, error: err as Error });
  }
}
