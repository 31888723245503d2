import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import pMap from 'p-map';
import { logger } from '../../functions/lib/logger';
import { LOCAL_CREDENTIALS } from './credentials';
import { sdkOnly } from './loopback-guard';

/**
 * A loopback server that speaks the EventBridge Scheduler REST-JSON API (`POST|PUT|GET|DELETE /schedules/{Name}`,
 * `GET /schedules`, what @aws-sdk/client-scheduler sends) and fires its schedules into the SQS stand-in through
 * the real SQS SDK, as Scheduler's universal SQS target does: the target's `Input`, with the context attributes
 * `<aws.scheduler.scheduled-time>`, `<aws.scheduler.schedule-arn>`, `<aws.scheduler.execution-id>` and
 * `<aws.scheduler.attempt-number>` replaced, is the message body. A delivery that fails goes to the target's
 * DeadLetterConfig queue. Only `rate(...)` schedules are implemented (what Vigil creates); besides minutes,
 * hours and days the stand-in accepts `seconds`, for MONITOR_INTERVAL_OVERRIDE_SECONDS (AWS would refuse it,
 * and config.ts refuses the override on AWS).
 *
 * Schedules are kept in `stateFile` (under DATA_DIR) when given. Missed occurrences (a stopped runtime, a test
 * moving its clock) fire once, at the latest one due, rather than once each; AWS would deliver each on time. Written by hand: no npm package serves this API.
 */

const ACCOUNT = '000000000000';

interface Target {
  Arn: string;
  RoleArn: string;
  Input?: string;
  DeadLetterConfig?: { Arn?: string };
  RetryPolicy?: { MaximumRetryAttempts?: number; MaximumEventAgeInSeconds?: number };
}

interface Schedule {
  Name: string;
  GroupName: string;
  Arn: string;
  ScheduleExpression: string;
  StartDate?: number;
  EndDate?: number;
  State: 'ENABLED' | 'DISABLED';
  Target: Target;
  FlexibleTimeWindow: { Mode: string; MaximumWindowInMinutes?: number };
  CreationDate: number;
  LastModificationDate: number;
  /** Epoch ms of the next occurrence. */
  nextAt: number;
  periodMs: number;
}

export interface SchedulerOptions {
  region?: string;
  /** The SQS stand-in's endpoint: queue ARNs are turned into its queue URLs. */
  sqsEndpoint: string;
  /** Fires due schedules every `tickMs` on its own (npm start); 0 or absent: only when `fireDue()` is called (tests, bench). */
  tickMs?: number;
  /** The clock occurrences are read from (epoch ms; default Date.now). */
  now?: () => number;
  /** Concurrent deliveries to SQS per tick. */
  concurrency?: number;
  /** Where schedules are kept between runs (DATA_DIR), so monitors keep running after a restart; absent: memory only. */
  stateFile?: string;
}

export interface FiredOccurrence {
  schedule: string;
  scheduledTime: string;
  delivered: boolean;
}

export interface RunningScheduler {
  endpoint: string;
  /** Delivers every enabled schedule due at `now` once; returns what it fired. */
  fireDue(now?: number): Promise<FiredOccurrence[]>;
  /**
   * Creates a schedule in this process, as CreateSchedule over HTTP does (same checks): for a benchmark's setup of
   * thousands of schedules, whose HTTP round trips are not what it measures.
   */
  create(input: { Name: string } & Record<string, unknown>): void;
  /** The schedules of a group (tests). */
  list(group?: string): { name: string; expression: string; state: string; nextAt: string; input?: string }[];
  close(): Promise<void>;
}

class SchedulerError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const UNIT_MS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** The period of `rate(value unit)` in ms; a ValidationException for anything else. */
export function ratePeriodMs(expression: string): number {
  const m = /^rate\((\d+) (second|minute|hour|day)s?\)$/.exec(expression.trim());
  if (!m || Number(m[1]) < 1) throw new SchedulerError('ValidationException', `The Scheduler stand-in implements rate(value unit) only, not ${expression}.`, 400);
  return Number(m[1]) * UNIT_MS[m[2]!]!;
}

/** Timestamps arrive as epoch seconds (the SDK's REST-JSON default) or ISO strings. */
const epochMs = (v: unknown): number | undefined => (v === undefined || v === null ? undefined : typeof v === 'number' ? v * 1000 : Date.parse(String(v)));

export async function startScheduler(opts: SchedulerOptions): Promise<RunningScheduler> {
  const region = opts.region ?? 'us-east-1';
  const now = opts.now ?? (() => Date.now());
  const schedules = new Map<string, Schedule>();
  const key = (group: string, name: string) => `${group}/${name}`;
  const sqs = new SQSClient({ region, endpoint: opts.sqsEndpoint, credentials: LOCAL_CREDENTIALS, maxAttempts: 3 });
  const queueUrl = (arn: string) => `${opts.sqsEndpoint}/${ACCOUNT}/${arn.split(':').pop()}`;
  let executions = 0;

  if (opts.stateFile) {
    try {
      for (const sch of JSON.parse(readFileSync(opts.stateFile, 'utf8')) as Schedule[]) schedules.set(key(sch.GroupName, sch.Name), sch);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  /** Writes every schedule (a rename, so a crash leaves the old file or the new one). */
  const save = () => {
    if (!opts.stateFile) return;
    mkdirSync(dirname(opts.stateFile), { recursive: true });
    writeFileSync(`${opts.stateFile}.tmp`, JSON.stringify([...schedules.values()]));
    renameSync(`${opts.stateFile}.tmp`, opts.stateFile);
  };

  const write = (name: string, body: Record<string, unknown>, existing?: Schedule): Schedule => {
    const group = String(body.GroupName ?? 'default');
    const periodMs = ratePeriodMs(String(body.ScheduleExpression ?? ''));
    const target = body.Target as Target | undefined;
    if (!target?.Arn || !target.RoleArn) throw new SchedulerError('ValidationException', 'Target.Arn and Target.RoleArn are required.', 400);
    const start = epochMs(body.StartDate);
    const t = now();
    if (start !== undefined && start < t - 5 * 60_000) throw new SchedulerError('ValidationException', 'The StartDate you specify cannot be earlier than 5 minutes prior to the current time.', 400);
    return {
      Name: name,
      GroupName: group,
      Arn: `arn:aws:scheduler:${region}:${ACCOUNT}:schedule/${group}/${name}`,
      ScheduleExpression: String(body.ScheduleExpression),
      StartDate: start,
      EndDate: epochMs(body.EndDate),
      State: body.State === 'DISABLED' ? 'DISABLED' : 'ENABLED',
      Target: target,
      FlexibleTimeWindow: (body.FlexibleTimeWindow as Schedule['FlexibleTimeWindow'] | undefined) ?? { Mode: 'OFF' },
      CreationDate: existing?.CreationDate ?? t,
      LastModificationDate: t,
      // Without a StartDate a rate schedule starts at once (AWS: "immediately").
      nextAt: start ?? t,
      periodMs,
    };
  };

  const describe = (s: Schedule) => ({
    Arn: s.Arn,
    Name: s.Name,
    GroupName: s.GroupName,
    ScheduleExpression: s.ScheduleExpression,
    StartDate: s.StartDate === undefined ? undefined : s.StartDate / 1000,
    EndDate: s.EndDate === undefined ? undefined : s.EndDate / 1000,
    State: s.State,
    Target: s.Target,
    FlexibleTimeWindow: s.FlexibleTimeWindow,
    CreationDate: s.CreationDate / 1000,
    LastModificationDate: s.LastModificationDate / 1000,
  });

  const deliver = async (s: Schedule, at: number): Promise<boolean> => {
    const scheduledTime = new Date(Math.floor(at / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    const body = (s.Target.Input ?? '{}')
      .replaceAll('<aws.scheduler.scheduled-time>', scheduledTime)
      .replaceAll('<aws.scheduler.schedule-arn>', s.Arn)
      .replaceAll('<aws.scheduler.execution-id>', `local-${++executions}`)
      .replaceAll('<aws.scheduler.attempt-number>', '1');
    try {
      await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl(s.Target.Arn), MessageBody: body }));
      return true;
    } catch (err) {
      logger.warn('scheduler stand-in: delivery failed', { schedule: s.Name, error: err as Error });
      const dlq = s.Target.DeadLetterConfig?.Arn;
      if (dlq) await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl(dlq), MessageBody: body })).catch(() => undefined);
      return false;
    }
  };

  const fireDue = async (at = now()): Promise<FiredOccurrence[]> => {
    const due: { s: Schedule; occurrence: number }[] = [];
    for (const s of schedules.values()) {
      if (s.State !== 'ENABLED' || s.nextAt > at) continue;
      if (s.EndDate !== undefined && s.nextAt > s.EndDate) continue;
      // The latest occurrence due at `at`; the next one is one period after it.
      const missed = Math.floor((at - s.nextAt) / s.periodMs);
      const occurrence = s.nextAt + missed * s.periodMs;
      s.nextAt = occurrence + s.periodMs;
      due.push({ s, occurrence });
    }
    if (due.length) save();
    return pMap(
      due,
      async ({ s, occurrence }) => ({ schedule: s.Name, scheduledTime: new Date(occurrence).toISOString(), delivered: await deliver(s, occurrence) }),
      { concurrency: opts.concurrency ?? 32 },
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const name = /^\/schedules\/([^/]+)$/.exec(url.pathname)?.[1];
    try {
      const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      if (url.pathname === '/schedules' && req.method === 'GET') {
        const group = url.searchParams.get('ScheduleGroup');
        const list = [...schedules.values()].filter((s) => !group || s.GroupName === group);
        return reply(200, { Schedules: list.map((s) => ({ Arn: s.Arn, Name: s.Name, GroupName: s.GroupName, State: s.State, Target: { Arn: s.Target.Arn } })) });
      }
      if (!name) throw new SchedulerError('ValidationException', `The Scheduler stand-in does not implement ${req.method} ${url.pathname}.`, 400);
      const decoded = decodeURIComponent(name);
      const group = String(req.method === 'GET' || req.method === 'DELETE' ? (url.searchParams.get('groupName') ?? 'default') : (body.GroupName ?? 'default'));
      const k = key(group, decoded);
      const existing = schedules.get(k);
      switch (req.method) {
        case 'POST': {
          if (existing) throw new SchedulerError('ConflictException', `Schedule ${decoded} already exists.`, 409);
          const s = write(decoded, body);
          schedules.set(k, s);
          save();
          return reply(200, { ScheduleArn: s.Arn });
        }
        case 'PUT': {
          if (!existing) throw new SchedulerError('ResourceNotFoundException', `Schedule ${decoded} does not exist.`, 404);
          const s = write(decoded, body, existing);
          schedules.set(k, s);
          save();
          return reply(200, { ScheduleArn: s.Arn });
        }
        case 'GET':
          if (!existing) throw new SchedulerError('ResourceNotFoundException', `Schedule ${decoded} does not exist.`, 404);
          return reply(200, describe(existing));
        case 'DELETE':
          if (!existing) throw new SchedulerError('ResourceNotFoundException', `Schedule ${decoded} does not exist.`, 404);
          schedules.delete(k);
          save();
          return reply(200, {});
        default:
          throw new SchedulerError('ValidationException', `Method ${req.method} is not allowed.`, 405);
      }
    } catch (err) {
      const e = err instanceof SchedulerError ? err : new SchedulerError('InternalServerException', (err as Error).message, 500);
      reply(e.status, { Message: e.message }, { 'x-amzn-errortype': e.type });
    }
  };

  const server = createServer(sdkOnly((req, res) => void handle(req, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let ticking = false;
  const timer = opts.tickMs
    ? setInterval(() => {
        if (ticking) return;
        ticking = true;
        fireDue()
          .catch((err: Error) => logger.error('scheduler stand-in tick failed', { error: err }))
          .finally(() => (ticking = false));
      }, opts.tickMs)
    : undefined;
  timer?.unref();

  return {
    endpoint,
    fireDue,
    create: (input) => {
      const k = key(String(input.GroupName ?? 'default'), input.Name);
      if (schedules.has(k)) throw new SchedulerError('ConflictException', `Schedule ${input.Name} already exists.`, 409);
      schedules.set(k, write(input.Name, input));
      save();
    },
    list: (group) =>
      [...schedules.values()]
        .filter((s) => !group || s.GroupName === group)
        .map((s) => ({ name: s.Name, expression: s.ScheduleExpression, state: s.State, nextAt: new Date(s.nextAt).toISOString(), input: s.Target.Input })),
    close: async () => {
      if (timer) clearInterval(timer);
      sqs.destroy();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
