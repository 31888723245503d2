import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import { bulkSubmitResponseSchema, type BulkSubmitInput, type BulkSubmitResponse, type DmcaCase, type SubmissionState } from '@shared/schemas/cases';
import { api } from '@/lib/api-client';
import { invalidateUserResults } from '@/lib/results/get-user-results';
import { CASES_KEY, getCases, refreshCases } from '../submissions-api';
import { contract } from '@shared/contract';

/**
 * Sends one bulk submission: `POST /api/dmca/bulk-submit`. `idempotencyKey` is fresh for each click, so a retry
 * of the same click (or a double click that slips through) is answered from the server's record, not sent again.
 * @throws {ApiError} when the server refuses the request (plan rules, bad ids).
 */
export async function bulkSubmit(body: BulkSubmitInput, idempotencyKey: string): Promise<BulkSubmitResponse> {
  const answer = await api(contract.bulkSubmit, { body, headers: { 'Idempotency-Key': idempotencyKey } });
  return bulkSubmitResponseSchema.parse(answer);
}

/** The bulk mutation; on any answer the cases, counters and results are reloaded (cases may have been made). */
export function useBulkSubmit() {
  return useSWRMutation(
    'bulk-submit',
    async (_key: string, { arg }: { arg: { body: BulkSubmitInput; idempotencyKey: string } }) => {
      try {
        return await bulkSubmit(arg.body, arg.idempotencyKey);
      } finally {
        void refreshCases();
        void invalidateUserResults();
      }
    },
    { throwOnError: true },
  );
}

/** How often the cases are read again while a bulk submission is still working through its violations. */
export const BULK_POLL_MS = 2000;

/** Where one accepted violation of a bulk submission stands, read from its case. */
export type BulkItemProgress = 'queued' | 'working' | 'sent' | 'failed';

const SENT_STATES: readonly SubmissionState[] = ['awaiting-recheck', 'rechecking', 'resolved', 'escalated'];
const FAILED_STATES: readonly SubmissionState[] = ['failed', 'no-contact'];

/**
 * The progress of one accepted violation: `queued` until the bulk workflow has made its case and started its
 * notice, `working` while the notice is being sent, then `sent` or `failed`.
 */
export function bulkItemProgress(c: Pick<DmcaCase, 'status' | 'submission'> | undefined): BulkItemProgress {
  if (!c) return 'queued';
  if (c.status === 'resolved') return 'sent';
  const s = c.submission;
  if (!s) return 'queued';
  if (SENT_STATES.includes(s.state)) return 'sent';
  if (FAILED_STATES.includes(s.state)) return 'failed';
  return 'working';
}

/**
 * The cases behind the last bulk submission, read again every BULK_POLL_MS while `watching` (some accepted
 * violation is still queued or being sent), so the card and the cases list show the workflow's progress.
 */
export function useBulkCases(watching: boolean) {
  // The app-wide dedupe window is an hour (data never goes stale); polling needs each tick to reach the server.
  return useSWR(CASES_KEY, getCases, watching ? { refreshInterval: BULK_POLL_MS, dedupingInterval: 0 } : { refreshInterval: 0 });
}
