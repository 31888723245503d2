import { getObject, parseStorageRef, putObject } from '../../adapters/s3';
import { logger } from '../../lib/logger';
import { noticeThumbnail } from '../evidence/images';
import { getSearch } from '../search/searches';
import type { ResultRecord } from '../search/results';
import { config } from '../../lib/config';
import { isOwnedBy } from '../../lib/ownership';
import { agentIdentity } from './agent-identity';
import { renderNoticePdf } from './notice-pdf';
import type { NoticeInput, NoticeRung } from './notice-content';
import { getCreatorFields } from '../creator-profile';
import { listOwnSites, originalRefusal } from '../own-sites';
import { getResult } from '../search/results';
import { recordNoticeKey, type CaseRecord } from '../cases/case-store';
import { buildNoticeInput } from './notice-input';

/** Who a notice is for on the escalation ladder (issue 23); the host when not given. */
export interface NoticeAddressing {
  rung?: NoticeRung;
  recipientName?: string;
}

/** The rung, its recipient's name and the notices already sent lower on the case's ladder (what was tried first). */
function addressing(c: CaseRecord, to: NoticeAddressing): Pick<NoticeInput, 'rung' | 'recipientName' | 'earlier'> {
  const rung = to.rung ?? 'host';
  const earlier = (c.ladder?.entries ?? [])
    .filter((e) => e.action === 'sent' && e.step !== rung)
    .map((e) => ({ step: e.step, at: e.at, ...(e.recipient ? { recipient: e.recipient } : {}) }));
  return { rung, ...(to.recipientName ? { recipientName: to.recipientName } : {}), ...(earlier.length ? { earlier } : {}) };
}

/** `notices/{userId}/{caseId}/{timestamp}.pdf` in NOTICES_BUCKET. */
export function noticeKey(c: Pick<CaseRecord, 'userId' | 'id'>, at: Date): string {
  return `notices/${c.userId}/${c.id}/${at.toISOString().replace(/[:.]/g, '-')}.pdf`;
}

export interface ArchivedNotice {
  input: NoticeInput;
  pdf: Buffer;
  bucket: string;
  key: string;
}

/**
 * Renders a case's notice PDF (agent identity; creator details withheld) and stores it in the notices bucket
 * as evidence of what was issued and when, before anyone downloads or receives it.
 */
export async function renderAndArchiveNotice(c: CaseRecord, now = new Date(), to: NoticeAddressing = {}): Promise<ArchivedNotice> {
  const [result, creator, sites] = await Promise.all([getResult(c.searchResultId), getCreatorFields(c.userId), listOwnSites(c.userId)]);
  const own = isOwnedBy(result, c.userId) ? result : undefined;
  // Only a URL on the creator's own sites is named as the original (issue 23): an older case's original that is
  // not (or no longer) on My sites is left out of every notice, a follow-up included; the work is described alone.
  const original = c.originalUrl && !originalRefusal(c.originalUrl, sites) ? c.originalUrl : '';
  const built = buildNoticeInput({ ...c, originalUrl: original }, own, creator, agentIdentity(), now);
  const input = await withEvidencePictures({ ...built, ...addressing(c, to) }, c, own);
  const pdf = await renderNoticePdf(input);
  const bucket = config().noticesBucket;
  const key = noticeKey(c, now);
  await putObject(bucket, key, pdf, 'application/pdf', { caseNumber: c.caseNumber, caseId: c.id });
  await recordNoticeKey(c.id, key);
  return { input, pdf, bucket, key };
}

/** A stored picture (an object key or `s3://` ref; never a web URL) as a small JPEG, or undefined. */
async function storedThumbnail(ref: string | undefined): Promise<Buffer | undefined> {
  const at = parseStorageRef(ref, config().uploadsBucket);
  if (at?.kind !== 's3') return undefined;
  try {
    const object = await getObject(at.bucket, at.key);
    return object ? await noticeThumbnail(object.body) : undefined;
  } catch (err) {
    logger.warn('evidence picture left out of a notice', { key: at.key, error: err as Error });
    return undefined;
  }
}

/**
 * Adds the pictures to a notice's evidence (issue 23): the reference the copy matched (the work) and Vigil's own
 * stored copy of the picture found (never fetched from the copying site again), side by side. A URL the creator
 * named and Vigil matched on fetching has the reference only.
 */
export async function withEvidencePictures(input: NoticeInput, c: CaseRecord, result: ResultRecord | undefined): Promise<NoticeInput> {
  if (!input.evidence?.length || !result) return input;
  const search = await getSearch(result.searchId);
  const refKey = (id: string | undefined) => (id ? search?.references.find((r) => r.id === id)?.key : undefined);
  const fetched = new Map((c.namedUrls ?? []).flatMap((n) => (n.how === 'fetched-match' ? [[n.url, n.referenceId] as const] : [])));
  // A video copy: the reference frame and the found frame (a reference video is not a picture itself).
  const referenceRef = result.evidence?.video?.referenceFrameKey ?? refKey(result.evidence?.matchedReferenceId);
  const [resultReference, copy] = await Promise.all([storedThumbnail(referenceRef), storedThumbnail(result.evidence?.matchedImageKey ?? result.previewRef)]);
  const evidence = [];
  for (const e of input.evidence) {
    const other = fetched.get(e.url);
    if (other) evidence.push({ ...e, ...(await storedThumbnail(refKey(other)).then((img) => (img ? { referenceImage: img } : {}))) });
    else evidence.push({ ...e, ...(resultReference ? { referenceImage: resultReference } : {}), ...(copy ? { copyImage: copy } : {}) });
  }
  return { ...input, evidence };
}
