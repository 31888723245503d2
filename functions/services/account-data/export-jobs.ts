import { ulid } from 'ulid';
import { invokeAsync } from '../../adapters/lambda';
import { mailSender } from '../../adapters/mail/create-mail-sender';
import { config } from '../../lib/config';
import { WorkflowUnavailableError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import * as exportsStore from '../../store/entities/data-export';
import * as profiles from '../../store/entities/profile';
import { buildExportArchive, exportKey, exportLink } from './export';

/*
 * The data export as a job (issue 27). The request writes a queued job and hands it to the export function (an
 * asynchronous Lambda invocation: EXPORT_FUNCTION_NAME; locally the runtime's Lambda stand-in), so an account
 * of any size is exported without the API's 29 s limit. The function claims the job, streams the archive into
 * `exports/<userId>/` (7 days) and records it ready, then mails the creator that it is there; the site polls
 * the job and shows a fresh one-hour link. A second request while one is queued or building gets that one.
 */

export const BUILD_EXPORT = 'vigil.build-export';

export interface BuildExportEvent {
  operation: typeof BUILD_EXPORT;
  userId: string;
  exportId: string;
}

const ULID = /^[0-9A-Z]{26}$/;

/** True for the export function's event. */
export function isBuildExportEvent(event: unknown): event is BuildExportEvent {
  const e = event as Partial<BuildExportEvent> | null;
  return !!e && typeof e === 'object' && e.operation === BUILD_EXPORT && typeof e.userId === 'string' && ULID.test(e.userId) && typeof e.exportId === 'string' && ULID.test(e.exportId);
}

/** A job still queued or building after this long is taken as lost (the function timed out): a new one may start. */
const STALE_AFTER_MS = 20 * 60 * 1000;

/** What the API answers about an export: its state, and a download link once it is ready. */
export interface ExportJobView {
  id: string;
  status: exportsStore.ExportStatus;
  requestedAt: string;
  finishedAt?: string;
  items?: number;
  files?: number;
  bytes?: number;
  error?: string;
  url?: string;
  urlExpiresAt?: string;
}

async function view(job: exportsStore.DataExportRecord, now: Date): Promise<ExportJobView> {
  const { id, status, requestedAt, finishedAt, items, files, bytes, error } = job;
  const link = status === 'ready' && job.key ? await exportLink(job.key, now) : undefined;
  return {
    id,
    status,
    requestedAt,
    ...(finishedAt ? { finishedAt } : {}),
    ...(items !== undefined ? { items, files, bytes } : {}),
    ...(error ? { error } : {}),
    ...(link ? { url: link.url, urlExpiresAt: link.expiresAt } : {}),
  };
}

const inFlight = (job: exportsStore.DataExportRecord, now: Date) =>
  (job.status === 'queued' || job.status === 'building') && now.getTime() - Date.parse(job.requestedAt) < STALE_AFTER_MS;

/** The export already queued or building (not stale), if any: a second request answers it instead of starting another. */
export async function exportUnderWay(userId: string, now = new Date()): Promise<ExportJobView | undefined> {
  const current = await exportsStore.newest(userId);
  return current && inFlight(current, now) ? view(current, now) : undefined;
}

/** `POST /api/user/{id}/export`: writes a queued job and hands it to the export function. */
export async function requestExport(userId: string, now = new Date()): Promise<ExportJobView> {
  const target = config().exportFunctionName;
  if (!target) throw new WorkflowUnavailableError('Data export is not configured here.');
  const job = { id: ulid(now.getTime()), userId, requestedAt: now.toISOString() };
  await exportsStore.create(job);
  try {
    await invokeAsync(target, { operation: BUILD_EXPORT, userId, exportId: job.id } satisfies BuildExportEvent);
  } catch (err) {
    logger.error('data export could not be queued', { userId, exportId: job.id, error: err as Error });
    await exportsStore.fail(userId, job.id, 'could not be started', now.toISOString());
    throw new WorkflowUnavailableError('The export could not be started. Try again in a moment.');
  }
  return view({ ...job, status: 'queued' }, now);
}

/** `GET /api/user/{id}/export`: the newest export job and, when ready, a fresh link (null when there is none). */
export async function latestExport(userId: string, now = new Date()): Promise<ExportJobView | null> {
  const job = await exportsStore.newest(userId);
  return job ? view(job, now) : null;
}

/**
 * The export function: builds one job's archive. A job already claimed (a retried or repeated event) or gone
 * (the account erased meanwhile) is skipped. A failure is recorded on the job, which the site shows; the
 * partial archive is aborted (nothing half-written remains).
 */
export async function runExport(event: BuildExportEvent, now = new Date()): Promise<{ outcome: 'ready' | 'failed' | 'skipped' }> {
  const { userId, exportId } = event;
  if (!(await exportsStore.claim(userId, exportId, now.toISOString()))) {
    logger.info('data export skipped: not queued', { userId, exportId });
    return { outcome: 'skipped' };
  }
  const key = exportKey(userId, now);
  try {
    const built = await buildExportArchive(userId, key, now);
    await exportsStore.finish(userId, exportId, { key, ...built, finishedAt: new Date().toISOString() });
    logger.info('data export ready', { userId, exportId, ...built });
  } catch (err) {
    logger.error('data export failed', { userId, exportId, error: err as Error });
    await exportsStore.fail(userId, exportId, 'the archive could not be built', new Date().toISOString());
    return { outcome: 'failed' };
  }
  await notifyReady(userId).catch((err: unknown) => logger.warn('export ready e-mail not sent', { userId, exportId, error: err as Error }));
  return { outcome: 'ready' };
}

/** Tells the creator the archive is ready; the download link is on the site (a mailed presigned link would outlive its credentials). */
async function notifyReady(userId: string): Promise<void> {
  const profile = await profiles.get(userId);
  if (!profile?.email) return;
  await mailSender().send({
    to: profile.email,
    from: { name: 'Vigil', address: 'accounts@vigil.invalid' },
    subject: 'Your Vigil data export is ready',
    text: [
      'The archive of your Vigil data (all your records as JSON, and your files) is ready.',
      '',
      `Download it from Account settings within 7 days: ${config().publicUrl}/account`,
      '',
      'After 7 days the archive is deleted; you can make a new one at any time.',
    ].join('\n'),
    headers: { 'X-Vigil-Account': 'export-ready' },
  });
}
