import * as z from 'zod';

/** The Contact page's Get in Touch form and `POST /api/contact` (PRODUCT.md sections 2, 3, 5, 7 and 8). */

export const CONTACT_MESSAGES = {
  name: 'Name is required',
  email: 'Valid email is required',
  message: 'Message is required',
  /** The toast when a required field is empty (PRODUCT.md section 5). */
  missingTitle: 'Missing Information',
  missingText: 'Please fill in all required fields.',
  rateLimited: 'You have sent several messages recently. Please wait a little before sending another.',
} as const;

export const CONTACT_LIMITS = { name: 200, email: 254, subject: 200, message: 5000 } as const;

/** Collapses line breaks and runs of white space: name and subject end up in mail headers. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** `POST /api/contact` body and the form's values. */
export const contactMessageSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.name })
    .transform(oneLine)
    .pipe(z.string().min(1, CONTACT_MESSAGES.name).max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters.`)),
  email: z
    .string({ error: CONTACT_MESSAGES.email })
    .trim()
    .max(CONTACT_LIMITS.email, CONTACT_MESSAGES.email)
    .pipe(z.email({ error: CONTACT_MESSAGES.email })),
  /** Optional; empty means none. */
  subject: z
    .string({ error: 'Subject must be text.' })
    .transform(oneLine)
    .pipe(z.string().max(CONTACT_LIMITS.subject, `Subject must be at most ${CONTACT_LIMITS.subject} characters.`))
    .optional(),
  message: z
    .string({ error: CONTACT_MESSAGES.message })
    .trim()
    .min(1, CONTACT_MESSAGES.message)
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters.`),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** `POST /api/contact` response (201). */
export const contactResponseSchema = z.object({ success: z.literal(true), id: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
