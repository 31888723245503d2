import { ulid } from 'ulid';
import { CONTACT_MESSAGES, type ContactMessage } from '../../../shared/schemas/contact';
import * as messages from '../../store/entities/contact';
import { mailSender } from '../../adapters/mail/create-mail-sender';
import { HttpError, TooManyRequestsError } from '../../lib/errors';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { recordEmailSent } from '../metrics/hooks';
import { returnRateToken, takeRateToken, type RateLimit } from '../metrics/rate-limit';

/**
 * `POST /api/contact`: a signed-in person's message to the support inbox. Order: take a rate-limit token
 * (5 an hour per user) -> store the message (`CONTACT#id`, listed per user on gsi1, status `received`) -> mail
 * it to the support inbox (SUPPORT_EMAIL, config().supportEmail) through the mail port (Reply-To the sender) -> mark it `sent` with the message id. When
 * the mail is not accepted the message stays stored as `mail-failed`, the token is given back and the caller
 * gets a 502 to try again.
 */
export const CONTACT_RATE_LIMIT: RateLimit = { name: 'contact', max: 5, windowSeconds: 3600 };
export { CONTACT } from '../../store/entities/contact';

class ContactDeliveryError extends HttpError {
  constructor() {
    super(502, 'CONTACT_NOT_SENT', 'Your message could not be sent. Please try again in a minute.');
  }
}

export interface ContactContext {
  userId: string;
  /** The e-mail of the signed-in account (may differ from the one typed into the form). */
  accountEmail: string;
}

function composeText(m: ContactMessage, ctx: ContactContext, id: string, at: string): string {
  return [
    `Name: ${m.name}`,
    `E-mail: ${m.email}`,
    `Subject: ${m.subject || '(none)'}`,
    `Account: ${ctx.userId} (${ctx.accountEmail})`,
    `Message id: ${id}`,
    `Sent: ${at}`,
    '',
    m.message,
    '',
  ].join('\n');
}

/** Stores and mails a contact message; returns its id. Throws 429 past the rate limit, 502 when mail fails. */
export async function sendContactMessage(m: ContactMessage, ctx: ContactContext, now = new Date()): Promise<{ id: string }> {
  if (!(await takeRateToken(CONTACT_RATE_LIMIT, ctx.userId, now))) throw new TooManyRequestsError(CONTACT_MESSAGES.rateLimited);
  const id = ulid(now.getTime());
  const at = now.toISOString();
  const stored = await messages.create({
    id,
    userId: ctx.userId,
    accountEmail: ctx.accountEmail,
    name: m.name,
    email: m.email,
    subject: m.subject ?? '',
    message: m.message,
    status: 'received',
    createdAt: at,
  });
  if (!stored) throw new Error(`contact message ${id} exists`);

  let messageId: string;
  try {
    ({ messageId } = await mailSender().send({
      to: config().supportEmail,
      from: { name: 'Vigil contact form', address: config().supportEmail },
      replyTo: { name: m.name, address: m.email },
      subject: `[Contact] ${m.subject || 'Message from the contact form'}`,
      text: composeText(m, ctx, id, at),
      headers: { 'X-Vigil-Contact': id },
    }));
  } catch (error) {
    logger.error('contact message not sent', { id, error: error as Error });
    await messages.setStatus(id, 'mail-failed').catch(() => undefined);
    await returnRateToken(CONTACT_RATE_LIMIT, ctx.userId, now);
    throw new ContactDeliveryError();
  }
  await messages.setStatus(id, 'sent', messageId);
  await recordEmailSent(now);
  return { id };
}
