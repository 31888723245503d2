import type { SearchResult } from '../../../shared/schemas/search';
import { getObject, parseStorageRef, presignGet } from '../../adapters/s3';
import { config } from '../../lib/config';
import type { ResultRecord } from '../../services/search/results';
import { enrolledFaceCrop } from '../../services/likeness/status';
import { getSearch } from '../../services/search/searches';

/**
 * A stored picture as a URL the browser can load: a short-lived signed GET of Vigil's own copy. A web URL (a
 * result stored before thumbnails were kept) gives none: loading it would show the copying site the creator's
 * IP address.
 */
async function browserUrl(ref: string | undefined): Promise<string | null> {
  const parsed = parseStorageRef(ref, config().uploadsBucket);
  if (!parsed || parsed.kind === 'url') return null;
  return presignGet(parsed.bucket, parsed.key);
}

async function screenshot(ref: string | undefined): Promise<string | null> {
  const parsed = parseStorageRef(ref, config().uploadsBucket);
  if (parsed?.kind !== 's3') return null;
  const object = await getObject(parsed.bucket, parsed.key);
  return object ? object.body.toString('base64') : null;
}

/**
 * The API shape of a stored result: `previewUrl` and `evidence.matchedImageUrl` become URLs the browser can
 * show; `screenshotBase64` is read from storage only when asked (the detail view), since inlining it in
 * lists of up to 500 results would make them megabytes.
 */
export async function presentResult(
  record: ResultRecord,
  opts: { withScreenshot?: boolean; referenceKeys?: ReferenceKeys } = {},
): Promise<SearchResult> {
  const { previewRef, screenshotRef, ...rest } = record;
  const referenceKeys = opts.referenceKeys ?? (await referenceKeysOf([record]));
  const referenceKey = record.evidence.matchedReferenceId ? referenceKeys.get(record.evidence.matchedReferenceId) : undefined;
  const video = record.evidence.video;
  const [previewUrl, matchedImageUrl, matchedReferenceUrl, screenshotBase64, referenceFrameUrl] = await Promise.all([
    browserUrl(previewRef),
    browserUrl(record.evidence.matchedImageKey),
    // A video reference is not a picture: its matched frame stands for it.
    video?.referenceFrameKey ? Promise.resolve(null) : browserUrl(referenceKey),
    opts.withScreenshot ? screenshot(screenshotRef) : Promise.resolve(null),
    browserUrl(video?.referenceFrameKey),
  ]);
  const likeness = record.evidence.likeness;
  // A likeness match shows the found face beside the enrolled one; the enrolled crop only while likeness is on
  // (revoking deletes it, and the result then says so rather than keep a copy).
  const [foundFaceUrl, enrolledCrop] = likeness
    ? await Promise.all([browserUrl(likeness.foundFaceKey), enrolledFaceCrop(record.userId, likeness.enrolledFaceId)])
    : [null, undefined];
  return {
    ...rest,
    previewUrl,
    screenshotBase64,
    evidence: {
      ...record.evidence,
      ...(matchedImageUrl ? { matchedImageUrl } : {}),
      ...(matchedReferenceUrl ? { matchedReferenceUrl } : {}),
      ...(video ? { video: { ...video, ...(referenceFrameUrl ? { referenceFrameUrl } : {}) } } : {}),
      ...(likeness
        ? { likeness: { ...likeness, ...(foundFaceUrl ? { foundFaceUrl } : {}), ...(enrolledCrop ? { enrolledFaceCrop: enrolledCrop } : {}) } }
        : {}),
    },
  };
}

/** Reference file id → storage key. */
type ReferenceKeys = Map<string, string>;

/**
 * The storage keys of the reference files the results matched, read once per scan (a list of 500 results
 * comes from a handful of scans), so the review queue can show the creator's file beside the copy.
 */
async function referenceKeysOf(records: ResultRecord[]): Promise<ReferenceKeys> {
  const searchIds = [...new Set(records.filter((r) => r.evidence.matchedReferenceId).map((r) => r.searchId))];
  const searches = await Promise.all(searchIds.map((id) => getSearch(id)));
  return new Map(searches.flatMap((s) => s?.references.map((ref) => [ref.id, ref.key] as const) ?? []));
}

export async function presentResults(records: ResultRecord[]): Promise<SearchResult[]> {
  const referenceKeys = await referenceKeysOf(records);
  return Promise.all(records.map((r) => presentResult(r, { referenceKeys })));
}
