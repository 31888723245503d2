import { getItem } from '../../store/table';
import { keys } from '../../store/keys';
import { claimSubmissionAttempt, getCase, updateSubmission } from '../../services/cases/case-store';
import { finishSearch, getSearch } from '../../services/search/searches';
import { SEARCH_TIMEOUT_SECONDS, SUBMISSION_TIMEOUT_SECONDS, SWEEP_GRACE_SECONDS } from '../../lib/workflow-timeouts';
import { startHarness, type Harness } from '../../../test/harness';
import { ENDED_REASONS } from './execution-ended';
import { reconcile } from './reconcile';
import { sweepOverdue } from './sweep';
import { caseInSubmission, searchWithId } from '../../../test/recovery-seeds';

let h: Harness;
beforeAll(async () => {
  // No state machine ARNs: reconcile() lists no executions and only sweeps.
  h = await startHarness({ env: { SEARCH_STATE_MACHINE_ARN: '', SUBMISSION_STATE_MACHINE_ARN: '' } });
});
afterAll(() => h.close());

const raw = async (type: string, id: string) => (await getItem(keys.entity(type, id)))!;
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
const USER = 'u-sweep';
const newSearch = (id: string) => searchWithId(id, USER);
const newCase = (id: string) => caseInSubmission(id, USER);

describe('the reconciler sweep of work open past its workflow timeout', () => {
  it('ends a scan still running after the search timeout with the "took too long" reason, and only then', async () => {
    await newSearch('s-stuck');
    expect((await raw('SEARCH', 's-stuck')).gsi3pk).toBe('SEARCH_SWEEP_DUE');
    // Within the timeout and its grace: untouched.
    expect(await sweepOverdue(later(SEARCH_TIMEOUT_SECONDS))).toEqual({ searches: 0, submissions: 0, bulks: 0 });
    expect((await getSearch('s-stuck'))!.status).toBe('running');

    const past = later(SEARCH_TIMEOUT_SECONDS + SWEEP_GRACE_SECONDS + 1);
    expect((await reconcile(past.getTime())).swept).toEqual({ searches: 1, submissions: 0, bulks: 0 });
    const s = (await getSearch('s-stuck'))!;
    expect(s.status).toBe('failed');
    expect(s.metadata).toMatchObject({ error: ENDED_REASONS.TIMED_OUT.search, failedEngines: ['google', 'bing'] });
    expect((await raw('SEARCH', 's-stuck')).gsi3pk).toBeUndefined();
    // Swept once: a second run finds nothing.
    expect(await sweepOverdue(past)).toEqual({ searches: 0, submissions: 0, bulks: 0 });
  });

  it('leaves a finished scan as it is (its end takes it out of the sweep)', async () => {
    await newSearch('s-done');
    await finishSearch('s-done', { status: 'completed', successfulEngines: ['google', 'bing'], failedEngines: [] });
    expect((await raw('SEARCH', 's-done')).gsi3pk).toBeUndefined();
    await sweepOverdue(later(SEARCH_TIMEOUT_SECONDS + SWEEP_GRACE_SECONDS + 1));
    expect((await getSearch('s-done'))!.status).toBe('completed');
  });

  it('ends a submission attempt still in progress after the submission timeout, and none that ended', async () => {
    await newCase('c-stuck');
    await updateSubmission('c-stuck', 1, { state: 'awaiting-recheck' });
    await newCase('c-done');
    await updateSubmission('c-done', 1, { state: 'resolved' });
    expect((await raw('CASE', 'c-done')).gsi3pk).toBeUndefined();

    expect(await sweepOverdue(later(SUBMISSION_TIMEOUT_SECONDS))).toEqual({ searches: 0, submissions: 0, bulks: 0 });
    expect(await sweepOverdue(later(SUBMISSION_TIMEOUT_SECONDS + SWEEP_GRACE_SECONDS + 1))).toEqual({ searches: 0, submissions: 1, bulks: 0 });
    expect((await getCase('c-stuck'))!.submission).toMatchObject({ attempt: 1, state: 'failed', error: ENDED_REASONS.TIMED_OUT.submission });
    expect((await getCase('c-done'))!.submission).toMatchObject({ state: 'resolved' });
  });

  it('never ends a newer attempt claimed after the overdue one', async () => {
    const c = await newCase('c-retried');
    const stale = (await raw('CASE', 'c-retried')).gsi3sk as string;
    // A second attempt starts much later: its own sweep time replaces the first one's.
    expect(await claimSubmissionAttempt({ ...c, submissionAttempt: 1 }, 2, later(SUBMISSION_TIMEOUT_SECONDS).toISOString())).toBe(true);
    expect((await raw('CASE', 'c-retried')).gsi3sk).not.toBe(stale);
    await sweepOverdue(later(SUBMISSION_TIMEOUT_SECONDS + SWEEP_GRACE_SECONDS + 1));
    expect((await getCase('c-retried'))!.submission).toMatchObject({ attempt: 2, state: 'queued' });
  });
});
