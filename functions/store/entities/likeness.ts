import * as z from 'zod';
import { keys } from '../keys';
import { Cond, deleteItem, getItem, putItemIf, withoutKeys, type Item } from '../table';

/**
 * The creator's likeness matching (issue 24), one item per user (`USER#id / LIKENESS`): the consent (when, and
 * which version of the text), and the faces from their enrolment photos, each a 128-number embedding and a small
 * JPEG crop (base64); the photos themselves are never stored. At most MAX_ENROLLED_FACES faces (about 6 KB each).
 * Rewritten whole, conditionally on the revision read (two tabs enrolling at once: the loser is told to retry).
 * Revoking deletes the item; so does the account erasure, which deletes the user's partition.
 */
export const LIKENESS = 'LIKENESS';

const faceSchema = z.object({
  id: z.string(),
  descriptor: z.array(z.number()).length(128),
  /** base64 JPEG of the face (about 112 px square). */
  crop: z.string(),
  score: z.number(),
  addedAt: z.string(),
  /** Confirmed by the creator: only confirmed faces are compared. */
  confirmed: z.boolean(),
});
export type EnrolledFace = z.infer<typeof faceSchema>;

const itemSchema = z.object({
  v: z.literal(1).default(1),
  userId: z.string(),
  consent: z.object({ at: z.string(), textVersion: z.number().int().positive() }),
  faces: z.array(faceSchema),
  /** When the creator confirmed enough faces: from then on scans look for the face. */
  enrolledAt: z.string().optional(),
  rev: z.number().int().positive(),
});
export type LikenessRecord = Omit<z.infer<typeof itemSchema>, 'v'>;

export function toItem(r: LikenessRecord): Item {
  return { ...keys.likeness(r.userId), entity: LIKENESS, v: 1, ...r };
}

export function fromItem(item: Item): LikenessRecord {
  const { v: _v, ...r } = itemSchema.parse(withoutKeys(item));
  return r;
}

/** The creator's likeness record, or undefined when they never consented (or revoked). Read consistently: it gates enrolment. */
export async function get(userId: string): Promise<LikenessRecord | undefined> {
  const item = await getItem(keys.likeness(userId), { consistent: true });
  return item ? fromItem(item) : undefined;
}

/** Stores a first consent; false when the creator had already consented (the stored one stands). */
export function create(userId: string, consent: LikenessRecord['consent']): Promise<boolean> {
  return putItemIf(toItem({ userId, consent, faces: [], rev: 1 }), Cond.notExists());
}

/** Writes the record as revision `rev + 1` if the stored one is still `rev`; false otherwise (changed or revoked meanwhile). */
export function replace(r: Omit<LikenessRecord, 'rev'>, rev: number): Promise<boolean> {
  return putItemIf(toItem({ ...r, rev: rev + 1 }), Cond.eq('rev', rev));
}

/** Deletes the consent and every face at once (revocation). */
export function remove(userId: string): Promise<void> {
  return deleteItem(keys.likeness(userId));
}
