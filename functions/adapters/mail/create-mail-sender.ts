import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { MailSender } from './mail-sender';
import { OutboxMailSender } from './outbox-mail-sender';
import { SesMailSender } from './ses-mail-sender';
import { mailConfig, perConfig, type MailConfig } from '../../lib/config';
import { captureClient } from '../../lib/tracer';

/**
 * The mail sender the configuration selects: the outbox when OUTBOX_DIR is set, SES otherwise. Nothing
 * branches on "am I local": the local runtime sets OUTBOX_DIR, the CDK stack sets MAIL_FROM. Code sends
 * through `mailSender()`, the one sender of the process.
 */
export function createMailSender(c: MailConfig = mailConfig()): MailSender {
  if (c.outboxDir) return new OutboxMailSender(c.outboxDir, c.mailFrom, c.sandboxInboxUrl);
  const client = captureClient(new SESv2Client({ region: c.region, ...(c.sesEndpoint ? { endpoint: c.sesEndpoint } : {}) }));
  return new SesMailSender(client, c.mailFrom, c.sesConfigurationSet);
}

/** The process's mail sender, made once per configuration (the SES client keeps its connections). */
export const mailSender: () => MailSender = perConfig(() => createMailSender());
