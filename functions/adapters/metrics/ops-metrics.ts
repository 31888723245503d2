import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from '../../lib/logger';
import { publishMetrics } from './index';
import { METRICS_NAMESPACE } from './request-metrics';

import { OPS_METRICS, OPS_SERVICE } from './ops-metric-names';

export { OPS_METRICS, OPS_SERVICE };

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
