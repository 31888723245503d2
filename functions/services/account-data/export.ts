import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { getObject, listObjects, presignGet, writeObject } from '../../adapters/s3';
import { config } from '../../lib/config';
import { userItems, type UserItem } from '../../store/entities/user-data';
import { userPrefixes } from './files';

/**
 * The creator's data export (issue 27): one ZIP archive with every item the table holds of them as JSON (one
 * file per kind: `data/SEARCH.json`, `data/CASE.json`, ...) and every file they own (`files/<bucket role>/<key>`:
 * reference uploads, evidence pictures, notice PDFs). The archive is streamed into S3 as it is built (a
 * multipart upload, one 5 MB part in memory at a time) under `exports/<userId>/` by the export job
 * (export-jobs.ts), and the creator gets a presigned link to it; exports expire by a lifecycle rule after 7 days
 * and are deleted with the account.
 *
 * Left out on purpose: sign-in sessions and idempotency records (hashed tokens and cached responses, not data
 * about the creator), and earlier exports.
 */
export const EXPORT_LINK_SECONDS = 60 * 60;
const SKIPPED_TYPES: ReadonlySet<UserItem['type']> = new Set(['SESSION', 'IDEMPOTENCY']);
/** Export jobs (their own bookkeeping) are left out of the archive too. */
const SKIPPED_KINDS: ReadonlySet<string> = new Set(['EXPORT']);

/** The kind of an item in the archive: its type, or for the user's own partition its sort key's first word. */
function kindOf(u: UserItem): string {
  if (u.type !== 'USER') return u.type === 'PARTITION' ? String(u.item.sk).split('#')[0]! : u.type;
  return String(u.item.sk).split('#')[0]!;
}

/** Where an export's archive is stored (the user's `exports/` prefix, expired after 7 days). */
export function exportKey(userId: string, now: Date): string {
  return `exports/${userId}/vigil-export-${now.toISOString().replace(/[:.]/g, '-')}.zip`;
}

/** A link to download a stored archive, valid for EXPORT_LINK_SECONDS. */
export async function exportLink(key: string, now = new Date()): Promise<{ url: string; expiresAt: string }> {
  const url = await presignGet(config().uploadsBucket, key, EXPORT_LINK_SECONDS);
  return { url, expiresAt: new Date(now.getTime() + EXPORT_LINK_SECONDS * 1000).toISOString() };
}

/**
 * Builds the archive of every item and file of `userId` into `key` (the export job, export-jobs.ts). Streams:
 * at most one file and one 5 MB part in memory, so an account of any size fits the export function.
 */
export async function buildExportArchive(userId: string, key: string, now = new Date()): Promise<{ items: number; files: number; bytes: number }> {
  const bucket = config().uploadsBucket;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const writer = await writeObject(bucket, key, 'application/zip', { contentDisposition: `attachment; filename="vigil-export-${stamp}.zip"` });

  // fflate calls back synchronously with each compressed chunk; the chunks go to S3 in order, one at a time.
  let sending: Promise<void> = Promise.resolve();
  let failed: unknown;
  let finished!: () => void;
  const done = new Promise<void>((r) => (finished = r));
  const zip = new Zip((err, chunk, final) => {
    if (err) failed ??= err;
    sending = sending.then(() => writer.write(chunk)).catch((e: unknown) => void (failed ??= e));
    if (final) void sending.then(finished);
  });
  /** Adds a file; waits for what is already queued, so at most one file is held in memory. */
  const add = async (name: string, content: Uint8Array, compress: boolean) => {
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(entry);
    entry.push(content, true);
    await sending;
    if (failed) throw failed;
  };

  try {
    let items = 0;
    const byKind = new Map<string, unknown[]>();
    for await (const u of userItems(userId)) {
      if (SKIPPED_TYPES.has(u.type)) continue;
      const kind = kindOf(u);
      if (SKIPPED_KINDS.has(kind)) continue;
      byKind.set(kind, [...(byKind.get(kind) ?? []), u.data]);
      items++;
    }
    for (const [kind, list] of byKind) await add(`data/${kind}.json`, Buffer.from(JSON.stringify(list, null, 2)), true);

    let files = 0;
    const { uploadsBucket } = config();
    for (const p of userPrefixes(userId)) {
      if (p.prefix.startsWith('exports/')) continue;
      const role = p.bucket === uploadsBucket ? 'uploads' : 'notices';
      for await (const o of listObjects(p.bucket, p.prefix)) {
        const object = await getObject(p.bucket, o.key);
        if (!object) continue; // deleted meanwhile
        await add(`files/${role}/${o.key}`, object.body, /\.(json|pdf)$/i.test(o.key));
        files++;
      }
    }
    await add('README.txt', Buffer.from(readme(userId, now, items, files)), true);
    zip.end();
    await done;
    if (failed) throw failed;
    const bytes = await writer.end();
    return { items, files, bytes };
  } catch (err) {
    await writer.abort();
    throw err;
  }
}

function readme(userId: string, now: Date, items: number, files: number): string {
  return [
    `Vigil data export of user ${userId}, made ${now.toISOString()}.`,
    '',
    `data/: ${items} records as JSON, one file per kind (SEARCH scans, RESULT found copies, CASE takedown cases,`,
    'MONITOR monitors, ALERT alerts, ALLOWLIST allowed sites, BILLING billing events, CONTACT messages to support,',
    'VISIT and EVENT page views, PROFILE your profile and creator details, USAGE monthly usage, LIKENESS your likeness',
    'consent and enrolled faces (crops and embeddings) when you turned likeness matching on, and the rest).',
    `files/: ${files} files: uploads/references (your reference files), uploads/evidence (pictures kept as`,
    'evidence), notices/ (the notice PDFs sent for you).',
    '',
    'Sign-in sessions and internal request records are not included.',
  ].join('\n');
}
