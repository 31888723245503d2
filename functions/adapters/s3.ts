import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
  type ObjectIdentifier,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config, perConfig } from '../lib/config';

/**
 * The S3 client, created once per process. With `S3_ENDPOINT` set (s3rver locally) it uses path-style
 * addressing, which s3rver needs; on AWS the endpoint is absent and virtual-hosted style is used.
 * Not captured by the Tracer (lib/tracer.ts), unlike the other clients: the X-Ray middleware sets a trace
 * header, and this client also presigns URLs, whose signature must not cover a header the browser never sends.
 */
export const s3: () => S3Client = perConfig(
  () =>
    new S3Client({
      region: config().region,
      endpoint: config().s3Endpoint,
      forcePathStyle: config().s3Endpoint !== undefined,
      maxAttempts: 3,
    }),
  (client) => client.destroy(),
);

/** Default lifetime of a presigned GET: long enough to load a page of previews, short enough not to be shared. */
export const PRESIGN_SECONDS = 15 * 60;

/** A short-lived URL the browser can GET the object with. Signing is local: no request is made. */
export function presignGet(bucket: string, key: string, expiresIn = PRESIGN_SECONDS): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn });
}

/** Stores an object. `contentDisposition` is served back as is (evidence images are attachments). */
export async function putObject(
  bucket: string,
  key: string,
  body: Buffer | Uint8Array | string,
  contentType: string,
  metadata?: Record<string, string>,
  opts: { contentDisposition?: string } = {},
): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: body,
      ContentType: contentType,
      Metadata: metadata,
      ContentDisposition: opts.contentDisposition,
    }),
  );
}

/** Reads an object's bytes; `undefined` when the key does not exist. */
export async function getObject(
  bucket: string,
  key: string,
): Promise<{ body: Buffer; contentType?: string; metadata: Record<string, string> } | undefined> {
  try {
    const res = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const bytes = await res.Body!.transformToByteArray();
    return { body: Buffer.from(bytes), contentType: res.ContentType, metadata: res.Metadata ?? {} };
  } catch (err) {
    if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
    throw err;
  }
}

/** One listed object: its key, size and last change. */
export interface ListedObject {
  key: string;
  size: number;
  lastModified?: Date;
}

/** Every current object under `prefix`, page by page (1,000 a page). */
export async function* listObjects(bucket: string, prefix: string): AsyncGenerator<ListedObject> {
  let token: string | undefined;
  do {
    const res = await s3().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const o of res.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified };
    token = res.IsTruncated ? res.NextContinuationToken : undefined;
  } while (token);
}

/** Deletes up to 1,000 objects (or object versions) in one DeleteObjects call; throws when any is not deleted. */
async function deleteBatch(bucket: string, objects: ObjectIdentifier[]): Promise<void> {
  if (objects.length === 0) return;
  const res = await s3().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }));
  const failed = res.Errors ?? [];
  if (failed.length > 0) throw new Error(`S3 did not delete ${failed.length} object(s) of ${bucket}, first ${failed[0]!.Key}: ${failed[0]!.Code}`);
}

/** Deletes one object (no error when it is already gone). */
export async function deleteObject(bucket: string, key: string): Promise<void> {
  await deleteBatch(bucket, [{ Key: key }]);
}

/**
 * Deletes every object under `prefix` and returns how many current objects it removed. `prefix` must end with
 * `/` (a user's or a search's folder), so `references/u1` can never take `references/u10/` with it. In a
 * versioned bucket (the notices bucket) the old versions and delete markers under the prefix are removed too, so
 * nothing stays behind a delete marker; a bucket without versioning (or the local stand-in, which has none)
 * lists no versions.
 */
export async function deletePrefix(bucket: string, prefix: string, opts: { versions?: boolean } = {}): Promise<number> {
  if (!prefix.endsWith('/') || prefix.length < 3) throw new Error(`refusing to delete under "${prefix}": a folder prefix ends with "/"`);
  let deleted = 0;
  let batch: ObjectIdentifier[] = [];
  for await (const o of listObjects(bucket, prefix)) {
    batch.push({ Key: o.key });
    deleted++;
    if (batch.length === 1000) {
      await deleteBatch(bucket, batch);
      batch = [];
    }
  }
  await deleteBatch(bucket, batch);
  if (opts.versions) await deleteVersions(bucket, prefix);
  return deleted;
}

async function deleteVersions(bucket: string, prefix: string): Promise<void> {
  let keyMarker: string | undefined;
  let versionMarker: string | undefined;
  do {
    let res;
    try {
      res = await s3().send(new ListObjectVersionsCommand({ Bucket: bucket, Prefix: prefix, KeyMarker: keyMarker, VersionIdMarker: versionMarker }));
    } catch (err) {
      // The local stand-in (s3rver) keeps no versions and does not implement the call: nothing to delete there.
      if ((err as { name?: string }).name === 'MethodNotAllowed' && config().s3Endpoint) return;
      throw err;
    }
    const all = [...(res.Versions ?? []), ...(res.DeleteMarkers ?? [])]
      .filter((v) => v.Key?.startsWith(prefix) && v.VersionId)
      .map((v) => ({ Key: v.Key!, VersionId: v.VersionId! }));
    for (let i = 0; i < all.length; i += 1000) await deleteBatch(bucket, all.slice(i, i + 1000));
    keyMarker = res.IsTruncated ? res.NextKeyMarker : undefined;
    versionMarker = res.IsTruncated ? res.NextVersionIdMarker : undefined;
  } while (keyMarker);
}

/** S3's smallest part of a multipart upload (all but the last). */
const PART_BYTES = 5 * 1024 * 1024;

/** A multipart upload written chunk by chunk: parts of 5 MB go out as they fill, so memory stays at one part. */
export interface ObjectWriter {
  write(chunk: Uint8Array): Promise<void>;
  /** Sends the last part and completes the upload; returns the bytes written. */
  end(): Promise<number>;
  /** Abandons the upload (its parts are removed). */
  abort(): Promise<void>;
}

/** Starts a multipart upload of `key` (the export archive streams into it as it is built). */
export async function writeObject(bucket: string, key: string, contentType: string, opts: { contentDisposition?: string } = {}): Promise<ObjectWriter> {
  const { UploadId } = await s3().send(
    new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType, ContentDisposition: opts.contentDisposition }),
  );
  const parts: CompletedPart[] = [];
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let total = 0;
  const flush = async () => {
    const body = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    const PartNumber = parts.length + 1;
    const { ETag } = await s3().send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber, Body: body }));
    parts.push({ ETag, PartNumber });
  };
  return {
    async write(chunk) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      total += chunk.length;
      if (pendingBytes >= PART_BYTES) await flush();
    },
    async end() {
      if (pendingBytes > 0 || parts.length === 0) await flush();
      await s3().send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
      return total;
    },
    async abort() {
      await s3().send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId })).catch(() => undefined);
    },
  };
}

/** Where a stored reference points: an object (`s3://bucket/key`, or a bare key in `defaultBucket`) or a web URL. */
export type StorageRef = { kind: 's3'; bucket: string; key: string } | { kind: 'url'; url: string };

/**
 * Parses a stored reference: `s3://bucket/key`, `https://...` / `http://...`, or a bare object key in
 * `defaultBucket`. Anything else (`javascript:`, `data:`, an empty string) is `undefined`, so it never reaches
 * a browser.
 */
export function parseStorageRef(ref: string | undefined | null, defaultBucket: string): StorageRef | undefined {
  if (!ref) return undefined;
  const s3Match = /^s3:\/\/([^/]+)\/(.+)$/.exec(ref);
  if (s3Match) return { kind: 's3', bucket: s3Match[1]!, key: s3Match[2]! };
  if (/^https?:\/\//i.test(ref)) {
    try {
      return { kind: 'url', url: new URL(ref).toString() };
    } catch {
      return undefined;
    }
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('/')) return undefined;
  return { kind: 's3', bucket: defaultBucket, key: ref };
}
