import { Metrics } from '@aws-lambda-powertools/metrics';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { appendEmf } from './emf-log';
import { API_SERVICE, METRICS_NAMESPACE } from './request-metrics';

export { REQUEST_METRICS, emptyDay, type DayFigures } from './request-metrics';

/** The API's Powertools Metrics instance (namespace `Vigil`, dimension `service: vigil-api`). */
export const apiMetrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: API_SERVICE, logger });

/**
 * Publishes what `metrics` holds: as an EMF line on stdout (Lambda's log pipeline turns it into CloudWatch
 * metrics, no API call; POWERTOOLS_METRICS_DISABLED silences it), or, when METRICS_LOG_DIR is set (the
 * local runtime, tests), appended to the EMF log there, which the local reader sums.
 */
export function publishMetrics(metrics: Metrics): void {
  const dir = config().metricsLogDir;
  if (!dir) {
    metrics.publishStoredMetrics();
    return;
  }
  try {
    if (metrics.hasStoredMetrics()) appendEmf(dir, metrics.serializeMetrics());
  } finally {
    metrics.clearMetrics();
    metrics.clearDimensions();
  }
}
