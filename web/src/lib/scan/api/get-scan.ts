import useSWR, { mutate } from 'swr';
import { z } from 'zod';
import { searchSchema } from '@shared/schemas/search';
import { api, apiPath } from '@/lib/api-client';
import { isOpenStatus } from '../scan-progress';
import { contract } from '@shared/contract';

/*
 * One scan (`GET /api/search/{id}`), followed by the dashboard and the search page (PRODUCT.md section 7).
 * Shared here because features may not import one another. Responses are parsed with the same zod schemas the API
 * answers with, so a drifting contract fails loudly at the edge instead of deep in a screen.
 */

/** A search as `GET /api/search/{id}` returns it; `sandbox` is read when the server says the scan ran offline. */
export const scanSchema = searchSchema.extend({ sandbox: z.boolean().optional() });
export type Scan = z.infer<typeof scanSchema>;

/** The SWR key of one search. */
export const scanKey = (id: string) => apiPath(contract.getSearch, { params: { id } });

/** Reads one search. */
export async function getScan(id: string): Promise<Scan> {
  return scanSchema.parse(await api(contract.getSearch, { params: { id } }));
}

/**
 * One search, polled every `pollMs` while it is running or pending and not at all once it is final (PRODUCT.md
 * section 4: 2 s on the dashboard, 3 s on the search page). Pass `undefined` to read nothing. `onAnswer` runs
 * after each answer from the server, so a screen reacts to a status change as an event rather than in an effect.
 */
export function useScan(id: string | undefined, pollMs: number, onAnswer?: (scan: Scan) => void) {
  return useSWR(id ? scanKey(id) : null, () => getScan(id!), {
    refreshInterval: (latest) => (latest && !isOpenStatus(latest.status) ? 0 : pollMs),
    // The app-wide dedupe window is an hour (data never goes stale); polling needs each tick to reach the server.
    dedupingInterval: 0,
    onSuccess: onAnswer,
  });
}

/** Reloads one search wherever it is shown (once it finished). */
export function invalidateScan(id: string): Promise<unknown> {
  return mutate(scanKey(id));
}
