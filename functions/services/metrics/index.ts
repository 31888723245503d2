export { COUNTERS, bump, readMonth, readTotals } from './counters';
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
export { checkHealth, recordHealth, recordRequest } from './requests';
export { takeRateToken } from './rate-limit';
