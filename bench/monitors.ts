/**
 * Monitor dispatch benchmark (issue 27):
 *   npm run bench:monitors -- [--monitors N] [--consumers C] [--duplicates FRACTION] [--spread-minutes S]
 *                             [--seed-schedules] [--max-minutes M] [--out FILE]
 * Creates N monitors (default 10,000) as the monitor service does (the item, then its EventBridge Scheduler schedule)
 * on the local stand-ins, and measures the dispatch path alone: the Scheduler stand-in fires each occurrence into the
 * monitor queue of the SQS stand-in, and C consumers (default 2, the AWS event source's maximumConcurrency) take
 * batches of 10 through the consumer's handler (functions/jobs/monitor-runs.ts, which claims the occurrence, admits
 * the scan against the allowance and the platform budget, writes the search and starts its execution). The search
 * state machine is a single Succeed state, so no scan runs: what is timed is dispatch, not scanning.
 *
 * Processes, as on AWS: the table (dynalite) runs in its own process, as DynamoDB is a service; each consumer runs in
 * its own process (bench/support/monitor-consumer.ts), as each concurrent Lambda invocation has its own execution
 * environment; this process holds the Scheduler, SQS and Step Functions stand-ins. So the figure is not that of one
 * event loop doing everything, and the CPU time of each part is reported apart (`cpuMsPerRun`).
 *
 * Due times: all at once by default (a burst: the lag is then the queue's drain time, the worst case), or spread
 * evenly over S minutes (`--spread-minutes`), as monitors created at different times fall due on AWS: the Scheduler
 * stand-in then ticks every second and the lag is due time to start under that arrival rate. A fraction of the
 * occurrences (default 5%) is delivered twice, as SQS may. Reports dispatch throughput (runs an hour), the lag from
 * due time to start (p50, p95, p99), duplicate runs (monitors that started more than once: must be 0), the table
 * requests and CPU milliseconds per run, and the load average. Table on stdout, JSON to bench/out/monitors.json.
 *
 * Setup writes the monitor items (daily, Enterprise's fastest cadence) 25 to a BatchWriteItem (the item `createMonitor`
 * writes, not its plan checks) and creates the schedules through the Scheduler SDK, or, with `--seed-schedules`,
 * hands the same CreateSchedule input to the stand-in in this process (setup is not measured; on a loaded machine
 * 10,000 HTTP round trips take many minutes). `--max-minutes` stops the dispatch after M minutes: the report
 * then says `complete: false`, with the monitors not reached in `notReached`.
 */
import '../local/polyfills';
import { GetQueueAttributesCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pMap from 'p-map';
import { ulid } from 'ulid';
import { resetConfig } from '../functions/lib/config';
import { putMonitorSchedule, scheduleInput } from '../functions/adapters/scheduler';
import { listMonitorsByUser } from '../functions/services/monitors/monitors';
import { monitorScheduleName } from '../functions/adapters/scheduler';
import { newRecord, toItem as monitorItem } from '../functions/store/entities/monitor';
import { batchPut } from '../functions/store/table';
import { toItem as profileItem } from '../functions/store/entities/profile';
import { PLANS } from '../shared/plans';
import { LOCAL_CREDENTIALS } from '../local/stand-ins/credentials';
import { ensureTable } from '../local/stand-ins/dynamo';
import { startStepFunctions } from '../local/stand-ins/stepfunctions';
import { MONITOR_QUEUE, startMonitorScheduling, type ConsumerHandler } from '../local/monitor-queue';
import type { ConsumerReport } from './support/monitor-consumer';
import { MONITOR_CONSUMER_BATCH_SIZE, MONITOR_CONSUMER_MAX_CONCURRENCY } from '../infra/constructs/monitor-scheduling';
import { OUT_DIR, writeReport } from './support/output';
import { percentile, round } from './support/stats';
import { renderTable } from './support/table';

const log = (...parts: unknown[]) => process.stderr.write(parts.join(' ') + '\n');
const TSX = ['--import', 'tsx'];
const seconds = (cpu: NodeJS.CpuUsage) => (cpu.user + cpu.system) / 1e6;
/** The occurrence's time as EventBridge Scheduler delivers it (and the stand-in's delivery writes it): whole seconds. */
const secondOf = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/** Forks a TypeScript file of bench/support as a child process with an IPC channel. */
function child(file: string, env: Record<string, string> = {}): ChildProcess {
  return fork(path.join(import.meta.dirname, 'support', file), [], { execArgv: TSX, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}
const nextMessage = <T>(p: ChildProcess) =>
  new Promise<T>((resolve, reject) => {
    p.once('message', (m) => resolve(m as T));
    p.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      monitors: { type: 'string', default: '10000' },
      consumers: { type: 'string', default: String(MONITOR_CONSUMER_MAX_CONCURRENCY) },
      duplicates: { type: 'string', default: '0.05' },
      'spread-minutes': { type: 'string', default: '0' },
      'seed-schedules': { type: 'boolean', default: false },
      'max-minutes': { type: 'string', default: '0' },
      out: { type: 'string', default: path.join(OUT_DIR, 'monitors.json') },
    },
  });
  const monitorCount = Number(values.monitors);
  const consumers = Number(values.consumers);
  const duplicateShare = Number(values.duplicates);
  const maxMinutes = Number(values['max-minutes']);
  const spreadMs = Number(values['spread-minutes']) * 60_000;
  const seedSchedules = values['seed-schedules'];

  const table = child('dynalite-process.ts');
  const dynamo = await nextMessage<{ endpoint: string }>(table);
  const sfn = await startStepFunctions([{ name: 'bench-search', definition: { StartAt: 'Done', States: { Done: { Type: 'Succeed' } } }, handlers: {} }]);
  const scheduling = await startMonitorScheduling({ consumer: async () => (await import('../functions/jobs/monitor-runs')).handler as ConsumerHandler });
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_REGION: 'us-east-1',
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    TABLE_NAME: 'bench-monitors',
    STEPFUNCTIONS_ENDPOINT: sfn.endpoint,
    SEARCH_STATE_MACHINE_ARN: sfn.arnOf('bench-search'),
    LOG_LEVEL: 'SILENT',
    POWERTOOLS_METRICS_DISABLED: 'true',
    POWERTOOLS_TRACE_ENABLED: 'false',
    PLATFORM_PROVIDER_SEARCHES_PER_MONTH: String(monitorCount * 100),
    ...scheduling.env,
  });
  resetConfig();
  await ensureTable(dynamo.endpoint, 'bench-monitors');

  // Creators on Enterprise (15 monitors each): their profiles as sign-up writes them, on the Enterprise plan, 25 to a
  // BatchWriteItem (a sign-up's identity mapping, e-mail and funnel are not what is measured).
  const perCreator = PLANS.enterprise.monitors.count;
  const creators = Math.ceil(monitorCount / perCreator);
  const started = Date.now();
  const signedUpAt = new Date().toISOString();
  const users = Array.from({ length: creators }, () => ulid());
  const profileItems = users.map((id, i) =>
    profileItem({
      id,
      userId: id,
      email: `creator${i}@bench.test`,
      firstName: 'Bench',
      lastName: `Creator ${i}`,
      profileImageUrl: null,
      subscriptionPlan: 'enterprise',
      subscriptionStatus: 'active',
      planChangedAt: signedUpAt,
      createdAt: signedUpAt,
      lastSignInAt: signedUpAt,
    }),
  );
  await pMap(Array.from({ length: Math.ceil(profileItems.length / 25) }, (_, i) => profileItems.slice(i * 25, i * 25 + 25)), (chunk) => batchPut(chunk), { concurrency: 4 });
  log(`  ${creators} creators signed up on Enterprise (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  // The monitor items as createMonitor writes them (its plan checks and slot are not what is measured), 25 to a
  // BatchWriteItem, then each one's schedule through the Scheduler SDK, as the monitor service creates it.
  const now = new Date().toISOString();
  const records = Array.from({ length: monitorCount }, (_, i) =>
    newRecord(
      {
        id: ulid(),
        userId: users[Math.floor(i / perCreator)]!,
        name: `Monitor ${i}`,
        names: ['Luna Vale'],
        searchEngines: ['google', 'bing'],
        contentType: 'images',
        cadence: 'daily',
        alerts: 'off',
        references: [],
      },
      now,
    ),
  );
  const chunks = Array.from({ length: Math.ceil(records.length / 25) }, (_, i) => records.slice(i * 25, i * 25 + 25));
  await pMap(chunks, (chunk) => batchPut(chunk.map(monitorItem)), { concurrency: 4 });
  log(`  ${records.length} monitor items written (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  let scheduled = 0;
  // Spread: the i-th monitor falls due i/N of the window after the dispatch starts (setup's end is not known yet, so
  // the due times are set from an estimate and shifted below: the Scheduler stand-in fires from its own clock).
  const spreadStart = Date.now() + (spreadMs > 0 ? 60 * 60_000 : 0);
  await pMap(
    records,
    async (m, i) => {
      // Due now (a long setup on a loaded machine must not give a StartDate Scheduler refuses as past), or, spread,
      // at its place in the window.
      const at = new Date().toISOString();
      const startAt = spreadMs > 0 ? new Date(Math.floor((spreadStart + (i / records.length) * spreadMs) / 1000) * 1000).toISOString() : m.nextRunAt! > at ? m.nextRunAt! : at;
      if (seedSchedules) {
        const input = scheduleInput({ monitorId: m.id, everySeconds: 86_400, startAt, enabled: true });
        scheduling.scheduler.create({ ...input, Name: input.Name!, StartDate: input.StartDate!.toISOString() });
      } else {
        await putMonitorSchedule({ monitorId: m.id, everySeconds: 86_400, startAt, enabled: true });
      }
      if (++scheduled % 1000 === 0) log(`  ${scheduled} schedules created (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    },
    { concurrency: 64 },
  );
  const setupSeconds = (Date.now() - started) / 1000;
  log(`${monitorCount} monitors of ${creators} creators created with their schedules in ${setupSeconds.toFixed(1)} s`);

  // The consumers, each in its own process with the consumer's environment, waiting for `go`.
  const queueUrl = scheduling.sqs.urlOf(MONITOR_QUEUE);
  const consumerEnv = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const consumerProcs = Array.from({ length: consumers }, () => child('monitor-consumer.ts', { ...consumerEnv, MONITOR_QUEUE_URL: queueUrl, MONITOR_BATCH_SIZE: String(MONITOR_CONSUMER_BATCH_SIZE) }));
  const reports = consumerProcs.map((p) => nextMessage<ConsumerReport>(p));

  // SQS delivers at least once: every k-th occurrence fired arrives twice.
  const sqs = new SQSClient({ region: 'us-east-1', endpoint: scheduling.sqs.endpoint, credentials: LOCAL_CREDENTIALS });
  const every = Math.max(1, Math.round(1 / duplicateShare));
  let firedCount = 0;
  let duplicatesDelivered = 0;
  const fire = async (at: number) => {
    const fired = await scheduling.scheduler.fireDue(at);
    const again = fired.filter((_, i) => duplicateShare > 0 && (firedCount + i) % every === 0);
    firedCount += fired.length;
    for (let i = 0; i < again.length; i += 10) {
      const batch = again.slice(i, i + 10);
      await sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: queueUrl,
          Entries: batch.map((f, j) => ({ Id: String(j), MessageBody: JSON.stringify({ monitorId: f.schedule.slice(monitorScheduleName('').length), scheduledTime: secondOf(f.scheduledTime) }) })),
        }),
      );
    }
    duplicatesDelivered += again.length;
    return fired.length;
  };

  // The table's CPU is counted from here (its setup writes are not dispatch).
  table.send('cpu');
  const tableCpuAtStart = (await nextMessage<{ cpuSeconds: number }>(table)).cpuSeconds;
  const cpuAtStart = process.cpuUsage();
  const dispatchStart = Date.now();
  let enqueuedSeconds = 0;
  // The stand-in's clock is shifted so the spread window begins now.
  const shift = spreadMs > 0 ? spreadStart - dispatchStart : 0;
  if (spreadMs === 0) {
    await fire(Date.now());
    enqueuedSeconds = (Date.now() - dispatchStart) / 1000;
    log(`${firedCount} occurrences enqueued in ${enqueuedSeconds.toFixed(1)} s`);
    for (const p of consumerProcs) p.send('fired');
  }
  for (const p of consumerProcs) p.send({ go: true, shiftMs: shift });
  const deadline = maxMinutes > 0 ? dispatchStart + maxMinutes * 60_000 : Infinity;
  const depth = async () => {
    const { Attributes = {} } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }));
    return Number(Attributes.ApproximateNumberOfMessages ?? 0);
  };
  const progress = setInterval(() => void depth().then((d) => log(`  ${firedCount} fired, ${d} waiting in the queue (${((Date.now() - dispatchStart) / 1000).toFixed(0)} s)`)), 60_000);
  let ticking: Promise<void> = Promise.resolve();
  if (spreadMs > 0) {
    // Every second, as the Scheduler fires what fell due; once all have fired, the consumers stop at an empty queue.
    ticking = (async () => {
      while (firedCount < monitorCount && Date.now() < deadline) {
        await fire(Date.now() + shift);
        await new Promise((r) => setTimeout(r, 1000));
      }
      enqueuedSeconds = (Date.now() - dispatchStart) / 1000;
      // A consumer stopped by the time limit has already reported and left.
      for (const p of consumerProcs) if (p.connected) p.send('fired');
    })();
  }
  const stopTimer = Number.isFinite(deadline) ? setTimeout(() => consumerProcs.forEach((p) => p.connected && p.send('stop')), deadline - Date.now()) : undefined;
  const drained = await Promise.all(reports);
  await ticking;
  clearTimeout(stopTimer);
  clearInterval(progress);
  const complete = Date.now() < deadline;
  const dispatchSeconds = (Date.now() - dispatchStart) / 1000;
  const standInCpu = seconds(process.cpuUsage(cpuAtStart));
  table.send('cpu');
  const tableCpu = (await nextMessage<{ cpuSeconds: number }>(table)).cpuSeconds - tableCpuAtStart;
  sqs.destroy();
  const outcomes = drained.flatMap((r) => r.outcomes);
  const lagSeconds = drained.flatMap((r) => r.lagSeconds);
  const consumerCpu = drained.reduce((sum, r) => sum + r.cpuSeconds, 0);
  const requests = { reads: drained.reduce((n, r) => n + r.reads, 0), writes: drained.reduce((n, r) => n + r.writes, 0) };
  const startedRuns = outcomes.filter((o) => o === 'started').length;

  let duplicateRuns = 0;
  let neverRan = 0;
  for (const userId of users) {
    for (const m of await listMonitorsByUser(userId)) {
      if (m.runCount > 1) duplicateRuns += 1;
      if (m.runCount === 0) neverRan += 1;
    }
  }
  const runsPerHour = Math.round((startedRuns / dispatchSeconds) * 3600);
  const report = {
    monitors: monitorCount,
    creators,
    consumers,
    batchSize: MONITOR_CONSUMER_BATCH_SIZE,
    runsStarted: startedRuns,
    spreadMinutes: spreadMs / 60_000,
    duplicatesDelivered,
    duplicatesAbsorbed: outcomes.filter((o) => o === 'duplicate').length,
    duplicateRuns,
    complete,
    neverRan,
    ...(complete ? {} : { notReached: neverRan, maxMinutes }),
    failedMessages: drained.reduce((n, r) => n + r.failed, 0),
    dispatchSeconds: round(dispatchSeconds, 1),
    enqueueSeconds: round(enqueuedSeconds, 1),
    runsPerHour,
    lagSeconds: { p50: round(percentile(lagSeconds, 50), 1), p95: round(percentile(lagSeconds, 95), 1), p99: round(percentile(lagSeconds, 99), 1), max: round(Math.max(...lagSeconds), 1) },
    tableRequestsPerRun: { reads: round(requests.reads / Math.max(1, startedRuns), 1), writes: round(requests.writes / Math.max(1, startedRuns), 1) },
    // CPU time per run started, by process: the consumers (what Lambda would bill), the table, and this process
    // (the Scheduler, SQS and Step Functions stand-ins and the duplicate deliveries).
    cpuMsPerRun: {
      consumers: round((consumerCpu * 1000) / Math.max(1, startedRuns), 1),
      table: round((tableCpu * 1000) / Math.max(1, startedRuns), 1),
      standIns: round((standInCpu * 1000) / Math.max(1, startedRuns), 1),
    },
    setupSeconds: round(setupSeconds, 1),
    node: process.version,
    loadAverage: os.loadavg().map((l) => round(l, 1)),
    cpus: os.cpus().length,
  };
  console.log(
    renderTable(
      ['monitors', 'consumers', 'runs started', 'runs/hour', 'lag p50 s', 'lag p95 s', 'lag p99 s', 'duplicate runs', 'reads/run', 'writes/run'],
      [[String(monitorCount), String(consumers), String(startedRuns), runsPerHour.toLocaleString('en-US'), String(report.lagSeconds.p50), String(report.lagSeconds.p95), String(report.lagSeconds.p99), String(duplicateRuns), String(report.tableRequestsPerRun.reads), String(report.tableRequestsPerRun.writes)]],
      ['right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  );
  log(`JSON: ${await writeReport(values.out!, report)}`);
  await scheduling.close();
  await sfn.close();
  resetConfig();
  table.kill();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
