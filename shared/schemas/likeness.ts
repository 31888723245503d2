import * as z from 'zod';

/**
 * Likeness (face) matching, opt-in (issue 24). The creator reads what it does and consents; Vigil then keeps, for
 * their account only, a face embedding (128 numbers) and a small confirmed crop of each enrolled face. Scans compare
 * the faces in found pictures with those embeddings; a result found that way is a "likeness match" that the
 * creator reviews before any notice. Revoking deletes the face data at once; so does deleting the account.
 */

/** The version of the consent text below; a changed text gets a new version (a stored consent names the one agreed to). */
export const LIKENESS_CONSENT_VERSION = 1;

/** What the creator agrees to, shown in Settings before the consent button (the stored consent names this version). */
export const LIKENESS_CONSENT_TEXT = [
  'Likeness matching looks for your face in pictures found by your scans, including pictures that are not copies of files you uploaded.',
  'To do so, Vigil detects the face in at least three photos of you and keeps, for each, a face embedding (128 numbers that describe the face) and a small crop of the face you confirm. The photos themselves are not kept.',
  'Your face data is used only for your own scans, never compared with or shared with other accounts, and never used to train anything.',
  'A picture found by likeness is labelled "likeness match" and is never submitted automatically: you review it before any notice.',
  'You can turn likeness matching off at any time; your face data is then deleted at once. It is also deleted with your account.',
] as const;

/** Enrolment needs at least this many confirmed faces; at most this many are kept. */
export const MIN_ENROLLED_FACES = 3;
export const MAX_ENROLLED_FACES = 10;
/** An enrolment photo: JPG or PNG as a data URL, at most 4 MB of bytes (about 5.4 MB of base64). */
export const MAX_ENROL_PHOTO_BYTES = 4 * 1024 * 1024;

export const likenessConsentSchema = z.object({
  agree: z.literal(true, { error: 'Tick "I agree" to turn likeness matching on.' }),
  textVersion: z.literal(LIKENESS_CONSENT_VERSION, { error: `The consent text has changed (version ${LIKENESS_CONSENT_VERSION}): reload the page and read it again.` }),
});

const DATA_URL = /^data:image\/(jpeg|png);base64,[A-Za-z0-9+/]+={0,2}$/;
export const likenessPhotoSchema = z.object({
  photo: z
    .string({ error: 'photo is required: a JPG or PNG as a data URL.' })
    .max(Math.ceil((MAX_ENROL_PHOTO_BYTES * 4) / 3) + 64, { error: 'The photo is larger than 4 MB.' })
    .regex(DATA_URL, { error: 'photo must be a JPG or PNG data URL (data:image/jpeg;base64,...).' }),
});

export const likenessConfirmSchema = z.object({
  faceIds: z
    .array(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { error: 'Each face id must be one returned by Vigil.' }))
    .min(MIN_ENROLLED_FACES, { error: `Confirm at least ${MIN_ENROLLED_FACES} faces.` })
    .max(MAX_ENROLLED_FACES, { error: `Confirm at most ${MAX_ENROLLED_FACES} faces.` }),
});

export const likenessFaceSchema = z.object({
  id: z.string(),
  /** A small JPEG crop of the face as a data URL (the creator's confirmed crop). */
  crop: z.string(),
  score: z.number(),
  addedAt: z.string(),
  confirmed: z.boolean(),
});

/** `GET /api/user/{id}/likeness` and the reply of every likeness write. */
export const likenessStatusSchema = z.object({
  /** `off`: no consent; `enrolling`: consented, not yet three confirmed faces; `on`: scans look for the face. */
  state: z.enum(['off', 'enrolling', 'on']),
  consent: z.object({ at: z.string(), textVersion: z.number() }).optional(),
  enrolledAt: z.string().optional(),
  faces: z.array(likenessFaceSchema),
});
export type LikenessStatus = z.infer<typeof likenessStatusSchema>;

/** The reply of a photo added for enrolment: the status, or why this photo cannot be used. */
export const likenessPhotoReplySchema = likenessStatusSchema.extend({ added: likenessFaceSchema });

/** The evidence of a likeness match, on the result: the enrolled face beside the found one, and how close. */
export const likenessEvidenceSchema = z.object({
  /** Euclidean distance of the two embeddings (lower is closer; a match is at most the threshold). */
  distance: z.number().nonnegative(),
  threshold: z.number(),
  /** The enrolled face it matched (its crop is not copied into the result: it is added on read while likeness is on, so revoking deletes it everywhere). */
  enrolledFaceId: z.string(),
  /** Where the face is in the found picture, as fractions 0..1. */
  box: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
  /** Storage key of the found face's crop (evidence); the API adds `foundFaceUrl`. */
  foundFaceKey: z.string().optional(),
  foundFaceUrl: z.string().optional(),
  /** Added on read: the enrolled face's crop, while likeness is on. */
  enrolledFaceCrop: z.string().optional(),
});
export type LikenessEvidence = z.infer<typeof likenessEvidenceSchema>;
