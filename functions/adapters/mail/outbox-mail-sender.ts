import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MailDeliveryError, composeMessage, type MailMessage, type MailSender, type SentMail } from './mail-sender';

/**
 * Local delivery: each message is written as a real MIME `.eml` file, `<timestamp>-<messageId>.eml`, under
 * the outbox folder (DATA_DIR/outbox in the local runtime), where a person or a test opens it. The file is
 * written under a temporary name and renamed, so a reader never sees half a message.
 */
export class OutboxMailSender implements MailSender {
  readonly kind = 'outbox' as const;

  constructor(
    private readonly dir: string,
    private readonly mailFrom?: string,
    /** The sandbox web's inbox (SANDBOX_INBOX_URL): the simulated hosts read their notices there (issue 23). */
    private readonly sandboxInboxUrl?: string,
  ) {}

  async send(message: MailMessage): Promise<SentMail> {
    const { raw, messageId } = await composeMessage(message, this.mailFrom);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const safeId = messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9._@-]/g, '_');
    const location = path.join(this.dir, `${stamp}-${safeId}.eml`);
    try {
      await mkdir(this.dir, { recursive: true });
      await writeFile(`${location}.tmp`, raw);
      await rename(`${location}.tmp`, location);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new MailDeliveryError(`Could not write to the outbox: ${code ?? (e as Error).message}`, code === 'ENOSPC' || code === 'EMFILE', { cause: e });
    }
    if (this.sandboxInboxUrl) await this.deliverToSandbox(message);
    return { messageId, location };
  }

  /** Hands the message to the sandbox web, as the internet would deliver it; the outbox copy stands if it is down. */
  private async deliverToSandbox(message: MailMessage): Promise<void> {
    try {
      const res = await fetch(this.sandboxInboxUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: message.to, text: message.text.slice(0, 60_000) }),
        signal: AbortSignal.timeout(5000),
      });
      await res.body?.cancel();
    } catch {
      // The sandbox is a stand-in for the recipients' side: its absence never fails a delivery.
    }
  }
}
