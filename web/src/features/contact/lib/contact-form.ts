import { z } from 'zod';
import { CONTACT_MESSAGES } from '@shared/schemas/contact';

export { CONTACT_LIMITS } from '@shared/schemas/contact';

/** Toast texts of the Contact page (PRODUCT.md sections 5 and 8). */
export const CONTACT_TOASTS = {
  missing: { title: CONTACT_MESSAGES.missingTitle, description: CONTACT_MESSAGES.missingText },
  failed: { title: 'Error', description: 'Failed to send message. Please try again.' },
  sent: { title: 'Message Sent', description: "We'll get back to you soon!" },
} as const;

const required = z.string().trim().min(1, 'Required');

/**
 * The Get in Touch form (PRODUCT.md section 5): name, email and message required, subject optional. The e-mail's
 * format is left to the browser's email-type input and the server (shared/schemas/contact.ts), as PRODUCT.md
 * section 5 has it; this schema only decides "is anything required missing", answered with one toast rather than
 * field messages.
 */
export const contactFormSchema = z.object({
  name: required,
  email: required,
  subject: z.string().trim(),
  message: required,
});
export type ContactFormValues = z.input<typeof contactFormSchema>;

export const EMPTY_CONTACT_FORM: ContactFormValues = { name: '', email: '', subject: '', message: '' };

/** Whether every required field has text (what decides the 'Missing Information' toast). */
export function hasRequiredFields(values: ContactFormValues): boolean {
  return contactFormSchema.safeParse(values).success;
}
