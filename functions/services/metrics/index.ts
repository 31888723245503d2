export { COUNTERS, bump, readMonth, readPeriods, readTotals } from './counters';
export {
  estimateProviderCalls,
  recordActivity,
  recordCaseCreated,
  recordCaseResolved,
  recordCaseSent,
  recordChatMessage,
  recordEmailSent,
  recordMilestone,
  recordPlanChange,
  recordResultsPersisted,
  recordSearchFinished,
  recordSearchStarted,
  recordVisit,
} from './hooks';
export { API_REQUEST_SHARDS, checkHealth, readApiRequestPeriods, recordHealth, recordRequest } from './requests';
export { takeRateToken } from './rate-limit';
