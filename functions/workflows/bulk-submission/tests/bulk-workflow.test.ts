import { bulkSubmitResponseSchema } from '../../../../shared/schemas/cases';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { aCopyOnline, scanWithResults, user, type TestUser } from '../../../../test/fixtures';
import { claimSubmissionAttempt, getCase, listCasesByUser } from '../../../services/cases/case-store';
import { caseForBulk } from '../../../services/cases/bulk-case';
import { getResult } from '../../../services/search/results';
import { submitResults } from '../../../services/submissions/bulk-submit';
import { BULK_MAX_CONCURRENCY, BULK_TASK_HANDLERS, type BulkItemInput } from '..';
import { BULK_ITEM_FAILED } from '../item-failed';

/** The fixture page stays online: the escalation ladder's host, network and registrar rungs each send a notice (issue 23). */
const NOTICES_PER_CLIMB = 3;

/**
 * The bulk submission workflow as the endpoint starts it: the ASL the stack deploys (rendered), run by the Step
 * Functions stand-in with the real task handlers, each watched (how many run at once) and one made to fail.
 */
let inFlight = 0;
let maxInFlight = 0;
let finished = 0;
const failFor = new Set<string>();
/** The failing item waits for this, so the test sees the state right after the answer whatever the machine's load. */
let releaseFailure: () => void = () => {};
const failureGate = new Promise<void>((r) => (releaseFailure = r));
/**
 * When a test sets it, the first items wait here until BULK_MAX_CONCURRENCY of them are in flight together, so the
 * limit is reached however slowly the machine starts them (no window of time to pile up in), and anything the
 * workflow started beyond it meanwhile shows in maxInFlight. Once released, items go straight through.
 */
let firstWave: Promise<void> | undefined;
let releaseWave: () => void = () => {};
jest.setTimeout(120_000);

const watched: typeof BULK_TASK_HANDLERS = {
  ...BULK_TASK_HANDLERS,
  BulkSubmitItem: async (input: BulkItemInput) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    if (inFlight >= BULK_MAX_CONCURRENCY) releaseWave();
    try {
      await firstWave;
      if (failFor.has(input.item.resultId)) {
        await failureGate;
        throw new Error('injected failure of one item');
      }
      return await BULK_TASK_HANDLERS.BulkSubmitItem(input);
    } finally {
      inFlight--;
      finished++;
    }
  },
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ submissions: true, bulkHandlers: watched });
});
afterAll(() => h.close());

async function seed(who: TestUser, n: number): Promise<string[]> {
  const results = Array.from({ length: n }, () => aCopyOnline(h.web));
  return (await scanWithResults(who, results, { review: 'unauthorized' })).resultIds;
}

const usedSubmissions = async (who: TestUser) =>
  (await call(contract.usage, { as: who, params: { id: 'me' } })).body.allowances.submissions.used as number;

describe('bulk submission workflow (real ASL, local Step Functions)', () => {
  it('answers at once, works at most 5 cases at a time, and one failing item fails nothing else', async () => {
    const who = await user({ plan: 'pro' });
    const ids = await seed(who, 8);
    // The failing result already has a case: the failure is recorded on it.
    const failing = ids[3]!;
    failFor.add(failing);
    firstWave = new Promise<void>((r) => (releaseWave = r));
    const failingCase = await caseForBulk((await getResult(failing))!, { searchEngine: 'google', platforms: ['google'] });

    const res = await call(contract.bulkSubmit, { as: who, body: { searchResultIds: ids, platforms: ['google'] } });
    const finishedAtAnswer = finished;
    expect(res.status).toBe(200);
    const body = bulkSubmitResponseSchema.parse(res.body);
    expect(body).toMatchObject({ success: true, processedViolations: 8, successfulSubmissions: 8, error: null });
    expect(body.executionId).toMatch(/^[0-9A-Z]{26}$/);
    expect(body.items.every((i) => i.accepted && i.submitted && i.caseId)).toBe(true);
    expect(body.items.find((i) => i.searchResultId === failing)).toMatchObject({ caseId: failingCase.id, caseNumber: failingCase.caseNumber });
    // The answer came before the workflow was through its items; the allowance was taken for all 8 up front.
    expect(finishedAtAnswer).toBeLessThan(8);
    expect(await usedSubmissions(who)).toBe(8);
    releaseFailure();

    await h.sfn.idle();
    expect(maxInFlight).toBe(BULK_MAX_CONCURRENCY);
    expect(finished).toBe(8);

    const cases = await listCasesByUser(who.userId);
    expect(cases).toHaveLength(8);
    for (const item of body.items) {
      const c = cases.find((x) => x.id === item.caseId)!;
      expect(c.searchResultId).toBe(item.searchResultId);
      if (item.searchResultId === failing) {
        expect(c.submission).toMatchObject({ state: 'failed', error: BULK_ITEM_FAILED });
        expect(c.status).toBe('pending');
      } else {
        // The other seven were sent by their own submission workflows (the fixture page stays online).
        expect(c.status).toBe('sent');
        expect(await h.mailsFor(c.caseNumber)).toHaveLength(NOTICES_PER_CLIMB);
      }
    }
    // One message per recipient per batch (issue 23): the seven copies on the one fixture host went out in ONE
    // host message listing each case, and each case recorded it on its ladder.
    const sentNumbers = cases.filter((c) => c.searchResultId !== failing).map((c) => c.caseNumber).sort();
    const grouped = (await h.outboxMails()).filter((m) => String(m.headers.get('x-vigil-case')).split(', ').length > 1);
    expect(grouped).toHaveLength(1);
    expect(String(grouped[0]!.headers.get('x-vigil-case')).split(', ').sort()).toEqual(sentNumbers);
    expect(grouped[0]!.text).toContain('This message carries 7 notices of copyright infringement');
    for (const n of sentNumbers) expect(grouped[0]!.attachments.map((a) => a.filename)).toContain(`dmca-${cases.find((c) => c.caseNumber === n)!.id}.pdf`);
    for (const c of cases.filter((x) => x.searchResultId !== failing)) {
      expect(c.ladder!.entries[0]).toMatchObject({ step: 'host', action: 'sent', detail: expect.stringContaining('named the 7 copies') });
    }
    // The failed item's unit was given back.
    expect(await usedSubmissions(who)).toBe(7);
  });

  it('gives the unit back for an item whose case already has an attempt under way', async () => {
    const who = await user({ plan: 'pro' });
    const ids = await seed(who, 3);
    // Another request's attempt is under way on the first result's case (claimed, queued).
    const busy = await caseForBulk((await getResult(ids[0]!))!, { searchEngine: 'google', platforms: ['google'] });
    expect(await claimSubmissionAttempt(busy, 1, new Date().toISOString())).toBe(true);

    const res = await call(contract.bulkSubmit, { as: who, body: { searchResultIds: ids, platforms: ['google'] } });
    expect(res.body.successfulSubmissions).toBe(3);
    expect(await usedSubmissions(who)).toBe(3);
    await h.sfn.idle();
    const cases = await listCasesByUser(who.userId);
    expect(cases).toHaveLength(3);
    for (const c of cases) expect(await h.mailsFor(c.caseNumber)).toHaveLength(c.id === busy.id ? 0 : NOTICES_PER_CLIMB);
    expect((await getCase(busy.id))!.submission).toMatchObject({ attempt: 1, state: 'queued' });
    expect(await usedSubmissions(who)).toBe(2);
  });

  it('starts the same workflow from a service: submitResults (issue 11), under the same rules', async () => {
    const who = await user({ plan: 'basic' });
    const ids = await seed(who, 2);
    await expect(submitResults(who.userId, ids, { platforms: ['duckduckgo'] })).rejects.toMatchObject({ statusCode: 402, code: 'PLATFORM_NOT_IN_PLAN' });
    const other = await user({ plan: 'basic' });
    await expect(submitResults(other.userId, ids, {})).rejects.toMatchObject({ statusCode: 404 });
    const answer = await submitResults(who.userId, ids, {});
    expect(answer).toMatchObject({ success: true, successfulSubmissions: 2, executionId: expect.any(String) });
    await h.sfn.idle();
    const cases = await listCasesByUser(who.userId);
    expect(cases.map((c) => c.id).sort()).toEqual(answer.items.map((i) => i.caseId).sort());
    for (const c of cases) expect(await h.mailsFor(c.caseNumber)).toHaveLength(NOTICES_PER_CLIMB);
  });
});
