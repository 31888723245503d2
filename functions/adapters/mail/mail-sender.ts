import MailComposer from 'nodemailer/lib/mail-composer';

/**
 * The mail port: the submission workflow sends a notice to a host's abuse or DMCA address through it. Two
 * implementations share one composer (nodemailer's MailComposer), so the `.eml` a local run leaves in the
 * outbox is byte for byte the kind of message SES would send.
 */

export interface MailAddress {
  name?: string;
  address: string;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string | string[];
  /** The sender shown to the recipient (the company's DMCA agent); see `composeMessage` for MAIL_FROM. */
  from: string | MailAddress;
  replyTo?: string | MailAddress;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Extra headers, e.g. `X-Vigil-Case`. */
  headers?: Record<string, string>;
}

export interface SentMail {
  /** The message id: the Message-ID header for the outbox, SES's MessageId on AWS. */
  messageId: string;
  /** Where the message went, when it is somewhere to look (the outbox file). */
  location?: string;
}

export interface MailSender {
  readonly kind: 'outbox' | 'ses';
  /** Sends one message; throws MailDeliveryError when it was not accepted. */
  send(message: MailMessage): Promise<SentMail>;
}

/**
 * A message was not accepted for delivery. `retryable` says whether trying again later may succeed
 * (throttling, a 5xx, a full disk) as opposed to a message that will never be accepted (bad address,
 * unverified sender). Workflow Retry/Catch match on the name.
 */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

export interface ComposedMessage {
  raw: Buffer;
  messageId: string;
  /** Bare recipient addresses (for SES's Destination). */
  recipients: string[];
  /** Bare From address (for SES's FromEmailAddress). */
  fromAddress: string;
}

function bare(a: string | MailAddress): string {
  if (typeof a !== 'string') return a.address;
  return /<([^>]+)>/.exec(a)?.[1] ?? a.trim();
}

/**
 * Builds the RFC 5322 MIME message (CRLF line endings). `mailFrom` is the address the deployment may send as
 * (MAIL_FROM, an SES-verified identity): when set and different from the message's From, it becomes the From
 * header under the message's display name and the message's From becomes Reply-To, so replies still reach
 * the agent. Attachment paths and URLs are disabled: content comes only from the given buffers.
 */
export async function composeMessage(message: MailMessage, mailFrom?: string): Promise<ComposedMessage> {
  const recipients = (Array.isArray(message.to) ? message.to : [message.to]).map(bare).filter(Boolean);
  if (recipients.length === 0) throw new MailDeliveryError('The message has no recipient.', false);
  let from: string | MailAddress = message.from;
  let replyTo = message.replyTo;
  if (mailFrom && bare(mailFrom).toLowerCase() !== bare(message.from).toLowerCase()) {
    from = { name: typeof message.from === 'string' ? undefined : message.from.name, address: bare(mailFrom) };
    replyTo ??= message.from;
  }
  const node = new MailComposer({
    from,
    to: message.to,
    replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
    disableFileAccess: true,
    disableUrlAccess: true,
  }).compile();
  const messageId = node.messageId();
  const raw = await node.build();
  return { raw, messageId, recipients, fromAddress: bare(from) };
}
