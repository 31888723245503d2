import { MIN_ENROLLED_FACES, type LikenessStatus } from '../../../shared/schemas/likeness';
import * as store from '../../store/entities/likeness';

/*
 * Likeness matching (issue 24): what the creator sees of it, and the enrolled faces a scan compares with. This
 * module reads the store only; detecting faces (services/likeness/enrolment.ts, workflows' Triage) loads the face
 * library, so the functions that only read a status never carry it.
 */

export type { EnrolledFace } from '../../store/entities/likeness';

/** A stored crop as a data URL. */
export const cropUrl = (crop: string) => `data:image/jpeg;base64,${crop}`;

/** The creator's likeness as the site shows it (never the embeddings). */
export function toStatus(r: store.LikenessRecord | undefined): LikenessStatus {
  if (!r) return { state: 'off', faces: [] };
  return {
    state: r.enrolledAt ? 'on' : 'enrolling',
    consent: r.consent,
    ...(r.enrolledAt ? { enrolledAt: r.enrolledAt } : {}),
    faces: r.faces.map((f) => ({ id: f.id, crop: cropUrl(f.crop), score: f.score, addedAt: f.addedAt, confirmed: f.confirmed })),
  };
}

export async function likenessStatus(userId: string): Promise<LikenessStatus> {
  return toStatus(await store.get(userId));
}

/**
 * The faces a scan of this creator compares with: the confirmed faces, once enrolment is complete (at least
 * MIN_ENROLLED_FACES); none when likeness is off. Only ever this creator's own faces.
 */
export async function enrolledFaces(userId: string): Promise<store.EnrolledFace[]> {
  const r = await store.get(userId);
  if (!r?.enrolledAt) return [];
  const confirmed = r.faces.filter((f) => f.confirmed);
  return confirmed.length >= MIN_ENROLLED_FACES ? confirmed : [];
}

/** The crop of one enrolled face (a data URL) while likeness is on, for a review that shows it beside the found face. */
export async function enrolledFaceCrop(userId: string, faceId: string): Promise<string | undefined> {
  const face = (await store.get(userId))?.faces.find((f) => f.id === faceId && f.confirmed);
  return face && cropUrl(face.crop);
}
