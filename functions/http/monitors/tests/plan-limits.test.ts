import { contract } from '../../../../shared/contract';
import { CADENCE_SECONDS, type Cadence } from '../../../../shared/schemas/monitor';
import type { PlanId } from '../../../../shared/schemas/user';
import { user, type TestUser } from '../../../../test/fixtures';
import { call, multipart, startHarness, type Harness } from '../../../../test/harness';
import { shiftClock, type ShiftedClock } from '../../../../test/clock';
import { changeStoredPlan, readStoredPlan } from '../../../services/billing/plan-store';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { getMonitor } from '../../../services/monitors/monitors';
import { LOCAL_CREDENTIALS } from '../../../../local/stand-ins/credentials';
import { MONITOR_QUEUE } from '../../../../local/monitor-queue';
import * as monitorsStore from '../../../store/entities/monitor';
import { putItem } from '../../../store/table';
import { keys } from '../../../store/keys';
import { migrateMonitorSchedules } from '../../../services/monitors/schedule-migration';
import { ensureSchedule } from '../../../services/monitors/schedules';

/*
 * Monitor allowances and scheduled runs (issues 11 and 27) at the route level, on the local runtime's pieces
 * (the search ASL in the Step Functions stand-in, the sandbox web, dynalite, the Scheduler and SQS stand-ins).
 * No interval override: cadences are the real ones, so a monitor that ran is not due again during the test.
 */

let h: Harness;
/** Moved a second on where a test needs a later time (a later batch, a later creation), instead of sleeping. */
let clock: ShiftedClock;

const fields = (cadence: Cadence) => ({ userId: 'me', query: 'Luna Vale', searchEngines: '["google"]', contentType: 'images', cadence, alerts: 'off' });
const create = async (who: TestUser, cadence: Cadence) => call(contract.createMonitor, { as: who, ...(await multipart(fields(cadence))) });
const detail = async (who: TestUser, id: string) => (await call(contract.getMonitor, { as: who, params: { id } })).body;

async function toPlan(who: { userId: string }, plan: PlanId) {
  await changeStoredPlan((await readStoredPlan(who.userId))!, plan, new Date().toISOString());
}

beforeAll(async () => {
  clock = shiftClock();
  h = await startHarness({ scans: true });
}, 60_000);
afterAll(async () => {
  await h.close();
  clock.restore();
});

describe('the monitor schedules', () => {
  it('keep one schedule per monitor, start each occurrence once through the queue, and follow pause and delete', async () => {
    const creator = await user({ plan: 'enterprise' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(creator, 'weekly')).body.id);
    const schedules = () => h.monitors.scheduler.list().filter((s) => ids.some((id) => s.name === `monitor-${id}`));
    expect(schedules().map((s) => [s.expression, s.state])).toEqual(Array(3).fill(['rate(7 days)', 'ENABLED']));

    // Each is due at once: one occurrence each, through the queue and the consumer.
    const tick = await h.monitors.tick();
    expect(tick.fired.filter((f) => ids.some((id) => f.schedule === `monitor-${id}`))).toHaveLength(3);
    expect(tick).toMatchObject({ started: 3, failed: 0 });
    await h.sfn.idle();
    const ran = (await getMonitor(ids[0]!))!;
    expect(ran).toMatchObject({ runCount: 1, lastDueAt: expect.any(String) });
    expect(ran.lastRunAt! >= ran.lastDueAt!).toBe(true);
    expect(Date.parse(ran.nextRunAt!) - Date.parse(ran.lastDueAt!)).toBe(CADENCE_SECONDS.weekly * 1000);

    // SQS delivers at least once: the same occurrence delivered again starts nothing.
    const sqs = new SQSClient({ region: 'us-east-1', endpoint: h.monitors.sqs.endpoint, credentials: LOCAL_CREDENTIALS });
    await sqs.send(new SendMessageCommand({ QueueUrl: h.monitors.sqs.urlOf(MONITOR_QUEUE), MessageBody: JSON.stringify({ monitorId: ids[0], scheduledTime: ran.lastDueAt }) }));
    expect(await h.monitors.drain()).toEqual({ outcomes: ['duplicate'], failed: 0 });
    // Nothing more is due until next week.
    expect((await h.monitors.tick()).fired.filter((f) => ids.some((id) => f.schedule === `monitor-${id}`))).toEqual([]);

    // Pausing disables the schedule; deleting removes it; a message already queued for either starts nothing.
    expect((await call(contract.updateMonitor, { as: creator, params: { id: ids[1]! }, body: { paused: true } })).status).toBe(200);
    expect((await call(contract.deleteMonitor, { as: creator, params: { id: ids[2]! } })).status).toBe(204);
    expect(schedules().map((s) => [s.name, s.state])).toEqual([[`monitor-${ids[0]}`, 'ENABLED'], [`monitor-${ids[1]}`, 'DISABLED']]);
    for (const id of [ids[1], ids[2]]) {
      await sqs.send(new SendMessageCommand({ QueueUrl: h.monitors.sqs.urlOf(MONITOR_QUEUE), MessageBody: JSON.stringify({ monitorId: id, scheduledTime: new Date().toISOString() }) }));
    }
    expect((await h.monitors.drain()).outcomes.sort()).toEqual(['gone', 'paused']);
    sqs.destroy();
  }, 120_000);
});

describe('after a downgrade', () => {
  it('keeps the oldest monitors within the new plan\'s count running and pauses the newer ones with the reason', async () => {
    const creator = await user({ plan: 'basic', email: 'downgrade@limits.test' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await create(creator, 'daily');
      expect(res.status).toBe(201);
      ids.push(res.body.id);
      clock.advance(1_000); // distinct creation times
    }
    const [oldest, middle, newest] = ids as [string, string, string];
    await toPlan(creator, 'trial'); // 1 monitor, weekly

    // Run now of a monitor beyond the count: refused, and the monitor is paused with the reason.
    const runNow = await call(contract.runMonitor, { as: creator, params: { id: newest } });
    expect(runNow.status).toBe(402);
    expect(runNow.body).toMatchObject({ code: 'PLAN_LIMIT', limit: 1, used: 3, resetsAt: null });
    expect(runNow.body.error).toBe('Paused: the Free Trial plan includes 1 monitor, and your oldest one keeps running. Delete a monitor or upgrade to Basic to resume this one.');
    expect(await detail(creator, newest)).toMatchObject({ paused: true, pausedReason: runNow.body.error, nextRunAt: null, runCount: 0 });

    // The tick: the oldest runs (at the trial's weekly cadence), the middle one is paused instead of run.
    const tick = await h.monitors.tick();
    expect(tick).toMatchObject({ started: 1, failed: 0 });
    expect(tick.outcomes.sort()).toEqual(['skipped', 'started']);
    await h.sfn.idle();
    const kept = await detail(creator, oldest);
    expect(kept).toMatchObject({ paused: false, pausedReason: null, runCount: 1 });
    expect(Date.parse(kept.nextRunAt) - Date.parse(kept.lastDueAt)).toBe(CADENCE_SECONDS.weekly * 1000);
    expect(await detail(creator, middle)).toMatchObject({ paused: true, pausedReason: expect.stringMatching(/^Paused: the Free Trial plan includes 1 monitor/), runCount: 0, nextRunAt: null });
    const listed = (await call(contract.listMonitors, { as: creator, params: { id: 'me' } })).body as { id: string; pausedReason: string | null }[];
    expect(listed.filter((m) => m.pausedReason).map((m) => m.id).sort()).toEqual([middle, newest].sort());
    expect((await h.monitors.tick()).fired).toEqual([]);
    expect(h.monitors.scheduler.list().filter((x) => [middle, newest].some((id) => x.name === `monitor-${id}`)).map((x) => x.state)).toEqual(['DISABLED', 'DISABLED']);

    // Resuming one beyond the count is refused while the account holds more than the plan's count.
    const resume = (id: string) => call(contract.updateMonitor, { as: creator, params: { id }, body: { paused: false } });
    expect((await resume(middle)).body).toMatchObject({ code: 'PLAN_LIMIT', limit: 1, used: 3 });
    expect((await call(contract.deleteMonitor, { as: creator, params: { id: newest } })).status).toBe(204);
    expect((await resume(middle)).status).toBe(402);
    // Other changes keep the reason; the oldest may be paused and resumed by the creator (it keeps its slot).
    expect((await call(contract.updateMonitor, { as: creator, params: { id: middle }, body: { name: 'Second' } })).body).toMatchObject({ paused: true, pausedReason: expect.stringMatching(/^Paused/) });
    expect((await call(contract.updateMonitor, { as: creator, params: { id: oldest }, body: { paused: true } })).status).toBe(200);
    expect((await resume(oldest)).body).toMatchObject({ paused: false, pausedReason: null });

    // Upgrading gives the slots back: the paused monitor may be resumed, and its reason goes.
    await toPlan(creator, 'basic');
    const resumed = await resume(middle);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ paused: false, pausedReason: null });
    expect(resumed.body.nextRunAt).not.toBeNull();
  }, 120_000);
});

describe('monitor allowances on paid plans', () => {
  const table: [PlanId, number, Cadence, Cadence][] = [
    ['basic', 3, 'daily', 'every-6-hours'],
    ['pro', 10, 'daily', 'every-6-hours'],
    ['enterprise', 15, 'daily', 'every-6-hours'],
  ];
  it.each(table)('%s: %d monitors at %s at most; one more, or a faster cadence, is 402 PLAN_LIMIT', async (plan, count, fastest, tooFast) => {
    const creator = await user({ plan });
    if (fastest !== tooFast) {
      const fast = await create(creator, tooFast);
      expect(fast.status).toBe(402);
      expect(fast.body).toMatchObject({ code: 'PLAN_LIMIT', limit: count, used: 0, resetsAt: null });
      expect(fast.body.error).toMatch(new RegExp(`monitors run at most ${fastest.replace(/-/g, ' ')}`));
    }
    for (let i = 0; i < count; i++) expect((await create(creator, fastest)).status).toBe(201);
    const over = await create(creator, 'weekly');
    expect(over.status).toBe(402);
    expect(over.body).toMatchObject({ code: 'PLAN_LIMIT', limit: count, used: count, resetsAt: null });
    expect(over.body.error).toMatch(new RegExp(`plan includes ${count} monitors`));
    // A monitor's cadence cannot be raised beyond the plan either.
    const [first] = (await call(contract.listMonitors, { as: creator, params: { id: 'me' } })).body as { id: string }[];
    if (fastest !== tooFast) expect((await call(contract.updateMonitor, { as: creator, params: { id: first!.id }, body: { cadence: tooFast } })).status).toBe(402);
  }, 120_000);
});

/** A monitor as written before issue 27: the item, in the former due index (gsi3 MONITOR_DUE), and no schedule. */
async function legacyMonitor(input: monitorsStore.NewMonitor, at: string) {
  const m = monitorsStore.newRecord(input, at);
  await putItem({ ...monitorsStore.toItem(m), ...keys.due('MONITOR', at, m.id) });
  return m;
}

describe('the schedule migration (monitors made before schedules existed)', () => {
  it('gives each active monitor without a schedule one, leaves paused monitors and existing schedules alone, and runs once', async () => {
    const owner = await user({ plan: 'pro' });
    // Two monitors written as before issue 27 (no schedule), one of them paused; one made since, with its schedule.
    const at = new Date().toISOString();
    const base = { userId: owner.userId, names: ['Old Name'], searchEngines: ['google'], contentType: 'images', references: [], cadence: 'daily' as const, alerts: 'off' as const };
    const old = await legacyMonitor({ ...base, id: '01JOLDMONITOR0000000000001', name: 'Old' }, at);
    const oldPaused = await legacyMonitor({ ...base, id: '01JOLDMONITOR0000000000002', name: 'Old paused' }, at);
    await monitorsStore.pausePlanExcess(oldPaused.id, 'test');
    const recent = (await create(owner, 'weekly')).body.id as string;
    const scheduleOf = (id: string) => h.monitors.scheduler.list().find((s) => s.name === `monitor-${id}`);
    const recentBefore = scheduleOf(recent);
    expect(scheduleOf(old.id)).toBeUndefined();

    const first = await migrateMonitorSchedules(new Date(), { perStep: 1, maxSteps: 1000 });
    expect(first).toMatchObject({ done: true, ran: true });
    // Only the monitors still in the former due index: the active old one (the paused one left it when paused).
    expect(first.counts).toMatchObject({ monitors: 1, created: 1, existing: 0 });
    expect(scheduleOf(old.id)).toMatchObject({ expression: 'rate(1 day)', state: 'ENABLED' });
    expect(scheduleOf(oldPaused.id)).toBeUndefined();
    expect(scheduleOf(recent)).toEqual(recentBefore);

    // Done: later ticks read one item and do nothing; were it run afresh, it would find every schedule there.
    expect(await migrateMonitorSchedules()).toMatchObject({ done: true, ran: false });
    expect(await ensureSchedule(old)).toBe('exists');
  });
});
