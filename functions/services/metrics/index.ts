export { ATTR, COUNTERS, MILESTONE_STAGES, PAID_PLANS, bump, bumpAttributes, num, readMonth, readPeriods, readTotals, sumValues } from './counters';
export type { CounterPeriods, CounterValues, MilestoneStage } from './counters';
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
export type { PlanChange, SearchStarted } from './hooks';
export { USER_USAGE, addToUserMonth, readUserMonth, type UserMonthUsage, type UserUsageFigure } from './user-usage';
export { checkHealth, readRequestDays, recordHealth, recordRequest, sumDays } from './requests';
export { returnRateToken, takeRateToken, type RateLimit } from './rate-limit';
export { PRICES, USAGE_PER_UNIT, monthCost, scanCost, type MonthCost, type MonthUsage } from './cost-model';
