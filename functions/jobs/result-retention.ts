import { traced } from '../lib/tracer';
import { removeExpiredResults } from '../services/account-data/retention';

/**
 * The daily result retention job (an EventBridge schedule on AWS, infra/stacks/workflows-stack.ts): removes
 * results older than RESULT_RETENTION_DAYS and their evidence files (services/account-data/retention.ts).
 */
export const handler = traced((event: { time?: string } = {}) => removeExpiredResults(event.time ? new Date(event.time) : new Date()));
