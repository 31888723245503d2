import { ulid } from 'ulid';
import { startTestDynamo } from '../../../../test/harness';
import { WorkflowUnavailableError } from '../../../lib/errors';
import { getSearch, listSearchesByUser, toSearchDto } from '../searches';
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
