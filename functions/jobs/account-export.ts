import { traced } from '../lib/tracer';
import { isBuildExportEvent, runExport } from '../services/account-data/export-jobs';

/**
 * The data export function (issue 27): invoked asynchronously by the account function with one queued job
 * (services/account-data/export-jobs.ts), it builds the archive into `exports/<userId>/`. A malformed event throws
 * (Lambda's retries then drop it); a job that fails records why and ends normally (no retry of a half-built archive).
 */
export const handler = traced(async (event: unknown) => {
  if (!isBuildExportEvent(event)) throw new Error('malformed export event: expected {operation, userId, exportId}');
  return runExport(event);
});
