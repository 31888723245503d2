import { createMailSender } from '../../adapters/mail/create-mail-sender';
import type { MailSender } from '../../adapters/mail/mail-sender';

let sender: MailSender | undefined;

/** The mail sender of this process (outbox when OUTBOX_DIR is set, SES otherwise), created once. */
export function mailSender(): MailSender {
  sender ??= createMailSender();
  return sender;
}

/** Forgets the sender, so the next notice reads the configuration again (tests, local runtime start). */
export function resetMailSender(): void {
  sender = undefined;
}
