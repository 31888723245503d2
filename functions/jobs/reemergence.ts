import { traced } from '../lib/tracer';
import { recheckRemovedCopies } from '../services/monitors/reemergence';

/**
 * The re-emergence job (issue 25; an EventBridge schedule every 4 hours on AWS, infra/stacks/workflows-stack.ts, and
 * a timer in the local runtime, local/daily-jobs.ts): on paid plans, fetches the URLs of removed copies again and
 * reads again the sources where removed copies had appeared, and reopens the cases whose copy is back.
 */
export const handler = traced((event: { time?: string } = {}) => recheckRemovedCopies(event.time ? new Date(event.time) : new Date()));
