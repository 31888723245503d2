import * as z from 'zod';
import { planIdSchema } from './user';

/**
 * The creator's identity kept on file (PRODUCT.md sections 3 and 5, Settings > Content Creator). It is never put
 * into a notice or a message to a host: notices are filed under the company's agent identity.
 */

export const CREATOR_MESSAGES = {
  name: 'Content creator name is required',
  email: 'Valid email is required',
  address: 'Address is required',
} as const;

/** The creator fields' limits, which the settings form carries as its inputs' maxLength. */
export const CREATOR_LIMITS = { name: 200, email: 254, phone: 40, address: 500 } as const;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters.`);

/** `PUT /api/user/{id}/content-creator` body and the settings form's values. */
export const creatorSettingsSchema = z.object({
  contentCreatorName: requiredText(CREATOR_MESSAGES.name, CREATOR_LIMITS.name),
  contentCreatorEmail: z
    .string({ error: CREATOR_MESSAGES.email })
    .trim()
    .max(CREATOR_LIMITS.email, CREATOR_MESSAGES.email)
    .pipe(z.email({ error: CREATOR_MESSAGES.email })),
  /** Optional; an empty string means "none". */
  contentCreatorPhone: z
    .string({ error: 'Phone must be text.' })
    .trim()
    .max(CREATOR_LIMITS.phone, `Phone must be at most ${CREATOR_LIMITS.phone} characters.`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  contentCreatorAddress: requiredText(CREATOR_MESSAGES.address, CREATOR_LIMITS.address),
});
export type CreatorSettingsInput = z.input<typeof creatorSettingsSchema>;
export type CreatorSettings = z.infer<typeof creatorSettingsSchema>;

/**
 * `GET /api/user/{id}`: the user with the creator fields (null until saved) and the fallbacks the forms use
 * when a creator field is empty: `fullName` (first and last name), `email` (the account's), `phone` and
 * `address` (null: the account holds neither).
 */
export const creatorUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  subscriptionPlan: planIdSchema,
  subscriptionStatus: z.string(),
  fullName: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  contentCreatorName: z.string().nullable(),
  contentCreatorEmail: z.string().nullable(),
  contentCreatorPhone: z.string().nullable(),
  contentCreatorAddress: z.string().nullable(),
  /** When the creator fields were last saved. */
  contentCreatorUpdatedAt: z.string().nullable(),
});
export type CreatorUser = z.infer<typeof creatorUserSchema>;
