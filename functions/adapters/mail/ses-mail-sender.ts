import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { MailDeliveryError, composeMessage, type MailMessage, type MailSender, type SentMail } from './mail-sender';

/** SES errors that a later attempt may get past; anything else (MessageRejected, unverified sender...) won't. */
const RETRYABLE = new Set(['TooManyRequestsException', 'LimitExceededException', 'SendingPausedException', 'InternalServiceError', 'ServiceUnavailable', 'ThrottlingException']);

/**
 * Delivery through SES v2 SendEmail with Raw content: the message is composed here (the same MailComposer as
 * the outbox, attachments included, which the Simple content type cannot carry), and SES sends it as is.
 * MAIL_FROM must be an SES-verified identity.
 */
export class SesMailSender implements MailSender {
  readonly kind = 'ses' as const;

  constructor(
    private readonly client: SESv2Client,
    private readonly mailFrom?: string,
    private readonly configurationSetName?: string,
  ) {}

  async send(message: MailMessage): Promise<SentMail> {
    const { raw, recipients, fromAddress } = await composeMessage(message, this.mailFrom);
    try {
      const out = await this.client.send(
        new SendEmailCommand({
          FromEmailAddress: fromAddress,
          Destination: { ToAddresses: recipients },
          Content: { Raw: { Data: raw } },
          ConfigurationSetName: this.configurationSetName,
        }),
      );
      if (!out.MessageId) throw new MailDeliveryError('SES accepted the message but returned no MessageId.', true);
      return { messageId: out.MessageId };
    } catch (e) {
      if (e instanceof MailDeliveryError) throw e;
      const err = e as Error & { $retryable?: unknown; $metadata?: { httpStatusCode?: number } };
      const status = err.$metadata?.httpStatusCode ?? 0;
      const retryable = Boolean(err.$retryable) || RETRYABLE.has(err.name) || status >= 500 || status === 0;
      throw new MailDeliveryError(`SES did not accept the message: ${err.name}: ${err.message}`, retryable, { cause: e });
    }
  }
}
