import { SESv2Client } from '@aws-sdk/client-sesv2';
import type { MailSender } from './mail-sender';
import { OutboxMailSender } from './outbox-mail-sender';
import { SesMailSender } from './ses-mail-sender';
import { environment } from '../../lib/config';
import { captureClient } from '../../lib/tracer';

export interface MailEnv {
  /** Set: messages are written as .eml files here (the local runtime sets DATA_DIR/outbox). */
  OUTBOX_DIR?: string;
  /** The address the deployment may send as (SES-verified on AWS). Optional locally. */
  MAIL_FROM?: string;
  /** SES endpoint override (tests, a local SES stand-in). */
  SES_ENDPOINT?: string;
  SES_CONFIGURATION_SET?: string;
  AWS_REGION?: string;
}

/**
 * The mail sender the configuration selects: the outbox when OUTBOX_DIR is set, SES otherwise. Nothing
 * branches on "am I local": the local runtime sets OUTBOX_DIR, the CDK stack sets MAIL_FROM. Create one per
 * process (the SES client keeps its connections).
 */
export function createMailSender(env: MailEnv = environment()): MailSender {
  const mailFrom = env.MAIL_FROM?.trim() || undefined;
  if (env.OUTBOX_DIR?.trim()) return new OutboxMailSender(env.OUTBOX_DIR.trim(), mailFrom);
  const client = captureClient(new SESv2Client({ region: env.AWS_REGION ?? 'us-east-1', ...(env.SES_ENDPOINT ? { endpoint: env.SES_ENDPOINT } : {}) }));
  return new SesMailSender(client, mailFrom, env.SES_CONFIGURATION_SET?.trim() || undefined);
}
