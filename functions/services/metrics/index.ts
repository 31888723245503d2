export { COUNTERS } from './counters';
export { bump, readMonth, readTotals } from '../../store/entities/counter';
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
