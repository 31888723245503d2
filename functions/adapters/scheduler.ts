import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { config, perConfig } from '../lib/config';
import { captureClient } from '../lib/tracer';

/**
 * EventBridge Scheduler: one schedule per monitor (issue 27), in the group MONITOR_SCHEDULE_GROUP, targeting the
 * monitor queue (MONITOR_QUEUE_ARN) through Scheduler's universal SQS target with MONITOR_SCHEDULER_ROLE_ARN.
 * SCHEDULER_ENDPOINT points the client at the local stand-in (local/stand-ins/scheduler.ts).
 */
const scheduler = perConfig(
  () => captureClient(new SchedulerClient({ region: config().region, endpoint: config().schedulerEndpoint, maxAttempts: 3 })),
  (client) => client.destroy(),
);

/** The message body template: Scheduler replaces `<aws.scheduler.scheduled-time>` on every delivery. */
export const MONITOR_TICK_INPUT = (monitorId: string) => JSON.stringify({ monitorId, scheduledTime: '<aws.scheduler.scheduled-time>' });

/** The schedule of a monitor: names are at most 64 characters of [0-9a-zA-Z-_.]; a ULID fits. */
export const monitorScheduleName = (monitorId: string) => `monitor-${monitorId}`;

/** `rate(1 day)`, `rate(6 hours)`, `rate(7 days)`; seconds (the local override) only where they do not divide into minutes. */
export function rateExpression(seconds: number): string {
  const unit = (n: number, name: string) => `rate(${n} ${name}${n === 1 ? '' : 's'})`;
  if (seconds % 86_400 === 0) return unit(seconds / 86_400, 'day');
  if (seconds % 3600 === 0) return unit(seconds / 3600, 'hour');
  if (seconds % 60 === 0) return unit(seconds / 60, 'minute');
  return unit(seconds, 'second');
}

export interface MonitorSchedule {
  monitorId: string;
  /** Seconds between runs. */
  everySeconds: number;
  /** The first occurrence (ISO): now for a new monitor, one interval after the last run for a resumed one. */
  startAt: string;
  /** A paused monitor's schedule is kept DISABLED. */
  enabled: boolean;
}

/** The CreateSchedule input of a monitor's schedule (also what bench/monitors.ts seeds the Scheduler stand-in with). */
export function scheduleInput(s: MonitorSchedule): CreateScheduleCommandInput {
  const c = config();
  if (!c.monitorQueueArn || !c.monitorSchedulerRoleArn) throw new Error('MONITOR_QUEUE_ARN and MONITOR_SCHEDULER_ROLE_ARN are not configured');
  return {
    Name: monitorScheduleName(s.monitorId),
    GroupName: c.monitorScheduleGroup,
    ScheduleExpression: rateExpression(s.everySeconds),
    StartDate: new Date(s.startAt),
    State: s.enabled ? 'ENABLED' : 'DISABLED',
    // Exactly on time: the lag metric measures Vigil, not a window we asked for.
    FlexibleTimeWindow: { Mode: 'OFF' },
    Target: {
      Arn: c.monitorQueueArn,
      RoleArn: c.monitorSchedulerRoleArn,
      Input: MONITOR_TICK_INPUT(s.monitorId),
      // An occurrence SQS cannot take within an hour goes to the dead-letter queue (its alarm), not lost silently.
      RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 3600 },
      ...(c.monitorDlqArn ? { DeadLetterConfig: { Arn: c.monitorDlqArn } } : {}),
    },
  };
}

/** Creates or replaces the monitor's schedule (a create that finds one already there updates it). */
export async function putMonitorSchedule(s: MonitorSchedule): Promise<void> {
  const input = scheduleInput(s);
  try {
    await scheduler().send(new CreateScheduleCommand(input));
  } catch (err) {
    if (!(err instanceof ConflictException)) throw err;
    await scheduler().send(new UpdateScheduleCommand(input));
  }
}

/** Deletes the monitor's schedule; one already gone is fine. */
export async function deleteMonitorSchedule(monitorId: string): Promise<void> {
  try {
    await scheduler().send(new DeleteScheduleCommand({ Name: monitorScheduleName(monitorId), GroupName: config().monitorScheduleGroup }));
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
}

/**
 * Creates the monitor's schedule only if it has none (a migration for monitors made before schedules existed):
 * an existing schedule is left exactly as it is. One call either way.
 */
export async function createMonitorScheduleIfMissing(s: MonitorSchedule): Promise<'created' | 'exists'> {
  try {
    await scheduler().send(new CreateScheduleCommand(scheduleInput(s)));
    return 'created';
  } catch (err) {
    if (err instanceof ConflictException) return 'exists';
    throw err;
  }
}
