import { ulid } from 'ulid';
import type { ActivityItem, ActivityKind } from '../../../shared/schemas/platform';
import { logger } from '../../lib/logger';
import * as activity from '../../store/entities/activity';

/**
 * The platform's activity feed (issue 26): business events as they happen, for the dashboard's Recent Activity.
 * Best-effort like the metrics hooks: a lost event must never fail the sign-up, scan or notice behind it.
 */
export async function recordPlatformEvent(kind: ActivityKind, summary: string, at: Date | string = new Date()): Promise<void> {
  const when = typeof at === 'string' ? new Date(at) : at;
  try {
    await activity.create({ id: ulid(when.getTime()), at: when.toISOString(), kind, summary });
  } catch (error) {
    logger.error('platform event not recorded', { kind, error: error as Error });
  }
}

/** The newest platform events. */
export async function listActivity(limit = 20): Promise<ActivityItem[]> {
  return activity.listNewest(limit);
}
