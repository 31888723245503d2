import useSWR, { mutate } from 'swr';
import useSWRMutation from 'swr/mutation';
import { bulkSubmitResponseSchema, type BulkSubmitInput, type BulkSubmitResponse } from '@shared/schemas/dmca';
import { searchResultListSchema } from '@shared/schemas/search';
import { api } from '@/lib/api-client';
import { USER_RESULTS_KEY, refreshCases } from '@/lib/takedowns-api';
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
        void mutate(USER_RESULTS_KEY);
      }
    },
    { throwOnError: true },
  );
}

/** Reads the creator's results across searches. */
async function getUserResults() {
  return searchResultListSchema.parse(await api(contract.userResults, { params: { id: 'me' } }));
}

/**
 * The creator's results, read afresh each time the protect step opens: reviews made on the dashboard patch this
 * list, but results from a scan that finished since it was cached would be missing otherwise.
 */
export function useUserResults() {
  return useSWR(USER_RESULTS_KEY, getUserResults, { revalidateOnMount: true });
}
