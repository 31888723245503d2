/**
 * Operational metrics the alarms watch (issue 27), as EMF lines in namespace `Vigil`, service `vigil-ops`:
 * - `MonitorDispatchLagSeconds`: a scheduled monitor run's start minus the time its schedule was due.
 * - `MonitorRunsStarted`, `MonitorRunsSkipped`: scheduled runs started, and refused (budget, plan, paused).
 * - `ProviderQuotaErrors`: provider answers meaning the provider's plan is used up (ProviderQuotaError).
 * - `ProviderSearchesAdmitted`: provider searches admitted under the platform budget.
 * - `ProviderBudgetUsedPercent`: the share of the month's platform budget spent after an admission (the spend alarm's input).
 * On AWS they reach CloudWatch through the function's log (no API call); locally they go to METRICS_LOG_DIR.
 * The names alone, without the publisher, so the ops stack's alarms read the same names at synth.
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
