import { loadSharp } from '../../lib/sharp';
import { ulid } from 'ulid';
import {
  LIKENESS_CONSENT_VERSION,
  MAX_ENROLLED_FACES,
  MAX_ENROL_PHOTO_BYTES,
  MIN_ENROLLED_FACES,
  type LikenessStatus,
} from '../../../shared/schemas/likeness';
import { ConflictError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import * as store from '../../store/entities/likeness';
import { toStatus } from './status';

/*
 * Consent, enrolment and revocation (issue 24). Enrolment: each photo is decoded, its faces found (face-api,
 * loaded on first use), and it is refused unless it shows exactly one clear face large enough; the face's
 * embedding and a small crop are stored unconfirmed and the photo is dropped. The creator then confirms the
 * crops that are theirs (at least three); the others are deleted and scans start comparing.
 */

const CHANGED = 'Your likeness settings changed at the same time elsewhere. Reload and try again.';

export async function giveConsent(userId: string, textVersion: number, now = new Date()): Promise<LikenessStatus> {
  if (textVersion !== LIKENESS_CONSENT_VERSION) throw new ValidationError('The consent text has changed: reload the page and read it again.');
  await store.create(userId, { at: now.toISOString(), textVersion });
  return toStatus(await store.get(userId));
}

/** Turns likeness off: the consent and every face are deleted at once (idempotent). */
export async function revokeConsent(userId: string): Promise<LikenessStatus> {
  await store.remove(userId);
  logger.info('likeness revoked: face data deleted', { userId });
  return toStatus(undefined);
}

/** Decodes a `data:image/...;base64,` URL, checking the bytes are the JPG or PNG it says. */
export function photoBytes(dataUrl: string): Buffer {
  const [, type, b64] = /^data:image\/(jpeg|png);base64,(.*)$/s.exec(dataUrl) ?? [];
  if (!type || !b64) throw new ValidationError('photo must be a JPG or PNG data URL.');
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > MAX_ENROL_PHOTO_BYTES) throw new PayloadTooLargeError('The photo is larger than 4 MB.');
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (!(type === 'jpeg' ? jpeg : png)) throw new UnsupportedMediaTypeError(`The photo is not a ${type === 'jpeg' ? 'JPG' : 'PNG'} image.`);
  return bytes;
}

/** A picture's size from its header (undefined when sharp cannot read it; detection then says so). */
async function imageSize(bytes: Buffer): Promise<{ width: number; height: number } | undefined> {
  const sharp = await loadSharp();
  const meta = await sharp(bytes).metadata().catch(() => undefined);
  return meta?.width && meta.height ? { width: meta.width, height: meta.height } : undefined;
}

async function requireConsent(userId: string): Promise<store.LikenessRecord> {
  const r = await store.get(userId);
  if (!r) throw new ConflictError('Turn likeness matching on (read and accept what it does) before adding photos.', 'LIKENESS_OFF');
  return r;
}

/** Adds one enrolment photo: exactly one clear face, stored unconfirmed (embedding and crop); the photo is not kept. */
export async function addEnrolmentPhoto(userId: string, dataUrl: string, now = new Date()): Promise<LikenessStatus & { added: LikenessStatus['faces'][number] }> {
  const bytes = photoBytes(dataUrl);
  const current = await requireConsent(userId);
  if (current.faces.length >= MAX_ENROLLED_FACES) {
    throw new ValidationError(`You have ${MAX_ENROLLED_FACES} faces already: remove likeness and start again to use other photos.`);
  }
  const { detectFaces, enrolmentProblem, faceCrop, ENROL_MIN_FACE_PX } = await import('../../matching/likeness');
  // A picture smaller than the smallest face accepted is refused from its header, before the models load.
  const size = await imageSize(bytes);
  if (size && Math.min(size.width, size.height) < ENROL_MIN_FACE_PX) {
    throw new ValidationError(`The photo is too small (${size.width} x ${size.height} px). Use a photo where your face is at least ${ENROL_MIN_FACE_PX} px wide.`);
  }
  let faces;
  try {
    faces = await detectFaces(bytes, { maxFaces: 5 });
  } catch (err) {
    logger.info('enrolment photo not decoded', { error: (err as Error).message });
    throw new UnsupportedMediaTypeError('The photo could not be read as a picture.');
  }
  const problem = enrolmentProblem(faces);
  if (problem) throw new ValidationError(problem, [{ path: 'photo', message: problem }]);
  const face = faces[0]!;
  const record: store.EnrolledFace = {
    id: ulid(now.getTime()),
    descriptor: face.descriptor,
    crop: (await faceCrop(bytes, face.box)).toString('base64'),
    score: Math.round(face.score * 1000) / 1000,
    addedAt: now.toISOString(),
    confirmed: false,
  };
  const next = { ...current, faces: [...current.faces, record] };
  if (!(await store.replace(next, current.rev))) throw new ConflictError(CHANGED, 'LIKENESS_CHANGED');
  const status = toStatus({ ...next, rev: current.rev + 1 });
  return { ...status, added: status.faces.find((f) => f.id === record.id)! };
}

/** Keeps the faces the creator confirmed (at least three, all theirs) and deletes the rest; scans then compare. */
export async function confirmFaces(userId: string, faceIds: string[], now = new Date()): Promise<LikenessStatus> {
  const current = await requireConsent(userId);
  const ids = new Set(faceIds);
  const unknown = [...ids].filter((id) => !current.faces.some((f) => f.id === id));
  if (unknown.length) throw new ValidationError(`Unknown face id: ${unknown.join(', ')}. Add the photo again.`, [{ path: 'faceIds', message: 'Unknown face id.' }]);
  if (ids.size < MIN_ENROLLED_FACES) throw new ValidationError(`Confirm at least ${MIN_ENROLLED_FACES} different faces.`, [{ path: 'faceIds', message: 'Too few faces.' }]);
  const faces = current.faces.filter((f) => ids.has(f.id)).map((f) => ({ ...f, confirmed: true }));
  const { outlierFaces } = await import('../../matching/likeness');
  const outliers = outlierFaces(faces.map((f) => f.descriptor));
  if (outliers.length) {
    const which = outliers.map((i) => `photo ${current.faces.indexOf(current.faces.find((f) => f.id === faces[i]!.id)!) + 1}`).join(', ');
    throw new ValidationError(`These faces do not all look like one person (${which}). Confirm only photos of yourself.`, [{ path: 'faceIds', message: 'Not one person.' }]);
  }
  const next = { ...current, faces, enrolledAt: current.enrolledAt ?? now.toISOString() };
  if (!(await store.replace(next, current.rev))) throw new ConflictError(CHANGED, 'LIKENESS_CHANGED');
  return toStatus({ ...next, rev: current.rev + 1 });
}
