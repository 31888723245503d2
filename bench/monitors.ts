/**
 * Monitor dispatch benchmark (issue 27):
 *   npm run bench:monitors -- [--monitors N] [--consumers C] [--duplicates FRACTION] [--max-minutes M] [--out FILE]
 * Creates N monitors (default 10,000) as the monitor service does (the item, then its EventBridge Scheduler schedule) on
 * the local stand-ins (dynalite, the Scheduler and SQS stand-ins, the Step Functions stand-in running a search
 * machine that succeeds at once, so the scans themselves are not measured). Every monitor is due at once: the
 * Scheduler stand-in fires all of them into the monitor queue in one tick, and C consumers (default 2, the AWS
 * event source's maximumConcurrency) take batches of 10 through the consumer's handler, as Lambda would. A
 * fraction of the messages (default 5%) is delivered twice, as SQS may. Reports the dispatch throughput
 * (runs an hour), the lag from due time to start (p50, p95, p99), duplicate runs (monitors that started more than
 * once: must be 0), and the DynamoDB requests per run. Table on stdout, JSON to bench/out/monitors.json.
 *
 * Setup writes the monitor items 25 to a BatchWriteItem (the item `createMonitor` writes, not its plan checks) and
 * creates the schedules 64 at a time through the Scheduler SDK, so 10,000 monitors are set up in minutes, not
 * hours, on a loaded machine. `--max-minutes` stops the dispatch after M minutes (a shared machine may not drain
 * 10,000 runs in reasonable time): the report then says `complete: false`, and its throughput and lag are those
 * of the runs started so far, with the rest counted in `notReached`.
 */
import '../local/polyfills';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pMap from 'p-map';
import { ulid } from 'ulid';
import { resetConfig } from '../functions/lib/config';
import { db } from '../functions/store/table';
import { changeStoredPlan, readStoredPlan } from '../functions/services/billing/plan-store';
import { putMonitorSchedule } from '../functions/adapters/scheduler';
import { listMonitorsByUser } from '../functions/services/monitors/monitors';
import { newRecord, toItem as monitorItem } from '../functions/store/entities/monitor';
import { batchPut } from '../functions/store/table';
import { getOrCreateUserFromClaims } from '../functions/services/users';
import { PLANS } from '../shared/plans';
import { LOCAL_CREDENTIALS } from '../local/stand-ins/credentials';
import { ensureTable, startDynalite } from '../local/stand-ins/dynamo';
import { startStepFunctions } from '../local/stand-ins/stepfunctions';
import { MONITOR_QUEUE, startMonitorScheduling, type ConsumerHandler } from '../local/monitor-queue';
import { MONITOR_CONSUMER_BATCH_SIZE, MONITOR_CONSUMER_MAX_CONCURRENCY } from '../infra/constructs/monitor-scheduling';
import { OUT_DIR, writeReport } from './support/output';
import { percentile, round } from './support/stats';
import { renderTable } from './support/table';

const log = (...parts: unknown[]) => process.stderr.write(parts.join(' ') + '\n');
const READS = new Set(['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'GetCommand', 'BatchGetCommand']);
const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'PutCommand', 'UpdateCommand', 'DeleteCommand', 'BatchWriteCommand']);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      monitors: { type: 'string', default: '10000' },
      consumers: { type: 'string', default: String(MONITOR_CONSUMER_MAX_CONCURRENCY) },
      duplicates: { type: 'string', default: '0.05' },
      'max-minutes': { type: 'string', default: '0' },
      out: { type: 'string', default: path.join(OUT_DIR, 'monitors.json') },
    },
  });
  const monitorCount = Number(values.monitors);
  const consumers = Number(values.consumers);
  const duplicateShare = Number(values.duplicates);
  const maxMinutes = Number(values['max-minutes']);

  const dynamo = await startDynalite();
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

  // Creators on Enterprise (15 monitors each), monitors through the service: its slot, its item, its schedule.
  const perCreator = PLANS.enterprise.monitors.count;
  const creators = Math.ceil(monitorCount / perCreator);
  const started = Date.now();
  const users = await pMap(
    Array.from({ length: creators }, (_, i) => i),
    async (i) => {
      const profile = await getOrCreateUserFromClaims({ iss: 'https://bench.test', sub: ulid(), email: `creator${i}@bench.test`, given_name: 'Bench', family_name: `Creator ${i}` });
      await changeStoredPlan((await readStoredPlan(profile.id))!, 'enterprise', new Date().toISOString());
      return profile.id;
    },
    { concurrency: 16 },
  );
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
        cadence: 'weekly',
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
  await pMap(
    records,
    async (m) => {
      // Due now (a long setup on a loaded machine must not give a StartDate Scheduler refuses as past).
      const at = new Date().toISOString();
      await putMonitorSchedule({ monitorId: m.id, everySeconds: 7 * 86_400, startAt: m.nextRunAt! > at ? m.nextRunAt! : at, enabled: true });
      if (++scheduled % 1000 === 0) log(`  ${scheduled} schedules created (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    },
    { concurrency: 64 },
  );
  const setupSeconds = (Date.now() - started) / 1000;
  log(`${monitorCount} monitors of ${creators} creators created with their schedules in ${setupSeconds.toFixed(1)} s`);

  // Count the table requests of the dispatch phase only.
  const requests = { reads: 0, writes: 0 };
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const name = String(context.commandName);
      if (READS.has(name)) requests.reads += 1;
      else if (WRITES.has(name)) requests.writes += 1;
      return next(args);
    },
    { step: 'initialize', name: 'benchCount' },
  );

  // Every schedule falls due now: one tick fires them all into the queue.
  const dispatchStart = Date.now();
  const fired = await scheduling.scheduler.fireDue();
  const enqueuedSeconds = (Date.now() - dispatchStart) / 1000;
  log(`${fired.length} occurrences enqueued in ${enqueuedSeconds.toFixed(1)} s`);
  // SQS delivers at least once: some occurrences arrive twice.
  const sqs = new SQSClient({ region: 'us-east-1', endpoint: scheduling.sqs.endpoint, credentials: LOCAL_CREDENTIALS });
  const again = fired.filter((_, i) => i % Math.max(1, Math.round(1 / duplicateShare)) === 0);
  const monitorsById = new Map<string, string>();
  for (const userId of users) for (const m of await listMonitorsByUser(userId)) monitorsById.set(`monitor-${m.id}`, m.id);
  for (let i = 0; i < again.length; i += 10) {
    const batch = again.slice(i, i + 10);
    await sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: scheduling.sqs.urlOf(MONITOR_QUEUE),
        Entries: batch.map((f, j) => ({ Id: String(j), MessageBody: JSON.stringify({ monitorId: monitorsById.get(f.schedule), scheduledTime: f.scheduledTime.replace('.000Z', 'Z') }) })),
      }),
    );
  }
  sqs.destroy();

  const lagSeconds: number[] = [];
  const progress = setInterval(() => log(`  ${lagSeconds.length} runs started (${((Date.now() - dispatchStart) / 1000).toFixed(0)} s)`), 60_000);
  const deadline = maxMinutes > 0 ? dispatchStart + maxMinutes * 60_000 : Infinity;
  const drained = await scheduling.drain({ concurrency: consumers, batchSize: MONITOR_CONSUMER_BATCH_SIZE, lagSeconds, until: () => Date.now() >= deadline });
  const complete = Date.now() < deadline;
  clearInterval(progress);
  const dispatchSeconds = (Date.now() - dispatchStart) / 1000;
  const startedRuns = drained.outcomes.filter((o) => o === 'started').length;

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
    duplicatesDelivered: again.length,
    duplicatesAbsorbed: drained.outcomes.filter((o) => o === 'duplicate').length,
    duplicateRuns,
    complete,
    neverRan,
    ...(complete ? {} : { notReached: neverRan, maxMinutes }),
    failedMessages: drained.failed,
    dispatchSeconds: round(dispatchSeconds, 1),
    enqueueSeconds: round(enqueuedSeconds, 1),
    runsPerHour,
    lagSeconds: { p50: round(percentile(lagSeconds, 50), 1), p95: round(percentile(lagSeconds, 95), 1), p99: round(percentile(lagSeconds, 99), 1), max: round(Math.max(...lagSeconds), 1) },
    tableRequestsPerRun: { reads: round(requests.reads / Math.max(1, startedRuns), 1), writes: round(requests.writes / Math.max(1, startedRuns), 1) },
    setupSeconds: round(setupSeconds, 1),
    node: process.version,
    loadAverage: os.loadavg().map((l) => round(l, 1)),
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
  await dynamo.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
