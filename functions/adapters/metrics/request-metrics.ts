/**
 * The metrics port: what the API records per request (Powertools Metrics, EMF) and how the admin figures read
 * it back. Namespace `Vigil`, service `vigil-api`; every figure is published twice, with the dimensions
 * `{service}` (the totals the admin figures read) and `{service, route}` (per-route graphs and alarms).
 * Adapters: CloudWatch GetMetricData on AWS (./cloudwatch-metrics-reader.ts), the EMF log the local runtime
 * and tests keep (./emf-log.ts). ARCHITECTURE.md, "Request metrics".
 */
export const METRICS_NAMESPACE = 'Vigil';
export const API_SERVICE = 'vigil-api';

/** Metric names by figure. */
export const REQUEST_METRICS = {
  requests: 'Requests',
  latencyMs: 'Latency',
  serverErrors: 'ServerErrors',
  clientErrors: 'ClientErrors',
  healthChecks: 'HealthChecks',
  healthy: 'HealthOk',
} as const;
export type RequestFigure = keyof typeof REQUEST_METRICS;

/** One UTC day's sums of each figure (latencyMs: the sum of the requests' milliseconds). */
export type DayFigures = Record<RequestFigure, number>;

export const emptyDay = (): DayFigures => ({ requests: 0, latencyMs: 0, serverErrors: 0, clientErrors: 0, healthChecks: 0, healthy: 0 });

export interface RequestMetricsReader {
  /** The sums of each UTC day from `fromDay` to `toDay` (`yyyy-mm-dd`, inclusive); days without data are left out. */
  daily(fromDay: string, toDay: string): Promise<Map<string, DayFigures>>;
}
