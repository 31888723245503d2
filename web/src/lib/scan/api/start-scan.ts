import { z } from 'zod';
import { searchStartResponseSchema } from '@shared/schemas/search-start';
import { api } from '@/lib/api-client';
import { buildScanFormData } from '../scan-start';
import { invalidateLibrary } from '@/lib/references/get-library';
import { contract } from '@shared/contract';

export type ScanStarted = z.infer<typeof searchStartResponseSchema>;

/**
 * Starts a scan: `POST /api/search` as multipart.
 * @throws {ApiError} when the server refuses it (its body carries `error` and `fields`).
 */
export async function startScan(values: Parameters<typeof buildScanFormData>[0]): Promise<ScanStarted> {
  const started = searchStartResponseSchema.parse(await api(contract.startSearch, { body: buildScanFormData(values) }));
  // Uploaded files joined the reference library.
  if (values.files.length > 0) void invalidateLibrary();
  return started;
}
