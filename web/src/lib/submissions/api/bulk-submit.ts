import useSWRMutation from 'swr/mutation';
import { bulkSubmitResponseSchema, type BulkSubmitInput, type BulkSubmitResponse, type DmcaCase, type SubmissionState } from '@shared/schemas/cases';
import { api } from '@/lib/api-client';
import { invalidateUserResults } from '@/lib/results/get-user-results';
import { invalidateCases } from './get-cases';
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
        void invalidateCases();
        void invalidateUserResults();
      }
    },
    { throwOnError: true },
  );
}

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
