import { ulid } from 'ulid';
import { startTestDynamo } from '../../../../test/harness';
import { freezeClock } from '../../../../test/clock';
import { WorkflowUnavailableError } from '../../../lib/errors';
import { SLOT_LEASE_SECONDS, takeScanSlot } from '../../allowances/scan-slot';
import { createSearch, getSearch, listSearchesByUser, toSearchDto } from '../searches';
import { startScan } from '../start-scan';

/*
 * The one service every scan starts through, against real dynalite. No state machine is configured here, so
 * the workflow cannot start: the search is written (with its origin), then failed, and the caller gets a 503.
 * Starts that reach the workflow are covered over HTTP by workflows/search/tests/search-workflow.test.ts.
 */

let stop: () => Promise<void>;
beforeAll(async () => {
  stop = (await startTestDynamo({ SEARCH_STATE_MACHINE_ARN: '' })).close;
});
afterAll(() => stop());

const start = (userId: string, origin: 'manual' | 'monitor-run-now' | 'monitor-scheduled') =>
  startScan({ userId, names: ['Jane Doe'], engines: ['google'], contentType: 'images', origin, references: [] });

describe('startScan', () => {
  it('stores the origin on the search and keeps it out of the API shape; a start that fails gives its slot back', async () => {
    const userId = ulid();
    await expect(start(userId, 'manual')).rejects.toBeInstanceOf(WorkflowUnavailableError);
    await expect(start(userId, 'monitor-scheduled')).rejects.toMatchObject({ statusCode: 503, code: 'WORKFLOW_UNAVAILABLE' });
    const [scheduled, manual] = await listSearchesByUser(userId);
    expect(manual).toMatchObject({ origin: 'manual', status: 'failed', query: 'Jane Doe' });
    expect(scheduled).toMatchObject({ origin: 'monitor-scheduled', status: 'failed' });
    expect((await getSearch(scheduled!.id))?.origin).toBe('monitor-scheduled');
    expect(toSearchDto(scheduled!)).not.toHaveProperty('origin');
  });
});

describe('one scan starting or running per user', () => {
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

  it('refuses a second start while the first is between its slot and its search (reference files still storing)', async () => {
    const userId = ulid();
    let storing!: () => void;
    let reached!: () => void;
    const heldInWindow = new Promise<void>((resolve) => (reached = resolve));
    const first = startScan({
      userId,
      names: ['Jane Doe'],
      engines: ['google'],
      contentType: 'images',
      origin: 'manual',
      // The first start has its slot and its unit, and no search item yet, until this resolves.
      storeReferences: async () => {
        reached();
        await new Promise<void>((resolve) => (storing = resolve));
        return [];
      },
    });
    await heldInWindow;
    expect(await listSearchesByUser(userId)).toHaveLength(0);
    await expect(start(userId, 'manual')).rejects.toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    await expect(start(userId, 'monitor-run-now')).rejects.toMatchObject({ statusCode: 429 });
    storing();
    // No state machine here: the first scan is written, then ends failed, which gives the slot back at once.
    await expect(first).rejects.toBeInstanceOf(WorkflowUnavailableError);
    expect(await listSearchesByUser(userId)).toHaveLength(1);
    await expect(start(userId, 'manual')).rejects.toBeInstanceOf(WorkflowUnavailableError);
    expect(await listSearchesByUser(userId)).toHaveLength(2);
  });

  it('holds a live lease whatever its search says, and frees an expired one only when its search is not running', async () => {
    // The clock stands still, so each lease's age is exactly what it was taken with however slowly the test runs.
    const clock = freezeClock();
    try {
      const userId = ulid();
      // A start that died before writing its search: held for the lease, then free.
      await takeScanSlot(userId, ulid(), minutesAgo(SLOT_LEASE_SECONDS / 60 - 1));
      await expect(takeScanSlot(userId, ulid())).rejects.toMatchObject({ statusCode: 429 });
      const other = ulid();
      await takeScanSlot(other, ulid(), minutesAgo(SLOT_LEASE_SECONDS / 60 + 1));
      await expect(takeScanSlot(other, ulid())).resolves.toBeUndefined();

      // A scan still running after its lease keeps the slot until it ends.
      const running = await createSearch({ id: ulid(), userId, query: 'Jane Doe', searchEngines: ['google'], contentType: 'images', references: [], origin: 'manual' });
      const third = ulid();
      await takeScanSlot(third, running.id, minutesAgo(SLOT_LEASE_SECONDS / 60 + 1));
      const refused = takeScanSlot(third, ulid());
      await expect(refused).rejects.toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
      await refused.catch((err: { headers?: Record<string, string> }) => expect(err.headers).toEqual({ 'retry-after': '60' }));
    } finally {
      clock.restore();
    }
  });
});
