import { splitInfringingUrls } from '../../../shared/schemas/cases';
import { MailDeliveryError } from '../../adapters/mail/mail-sender';
import { updateSubmission } from '../../services/cases/case-store';
import { renderAndArchiveNotice } from '../../services/notices/notice-archive';
import { buildNoticeEmail } from '../../services/submissions/notice-email';
import { MailRejectedError, MailTemporaryError } from './errors';
import { SubmissionSupersededError, loadCase } from './load-case';
import { mailSender } from '../../adapters/mail/create-mail-sender';
import { snapshotPage } from '../../services/cases/page-check';
import type { NoticeOutput, SubmissionState } from './types';
import { traced } from '../../lib/tracer';

/**
 * Task SendNotice: captures each infringing page as it is now (the baseline the re-check compares with),
 * renders the notice PDF under the agent's identity and stores it as evidence, and e-mails it to the contact
 * found (outbox .eml locally, SES on AWS). A delivery that may work later throws MailTemporaryError (the
 * state retries it); one that never will throws MailRejectedError (caught and recorded on the case).
 */
export async function sendNotice(input: SubmissionState): Promise<NoticeOutput> {
  if (input.contact?.found !== true) throw new Error('SendNotice needs a contact');
  const recipient = input.contact.email;
  const c = await loadCase(input);
  const baseline = await Promise.all(splitInfringingUrls(c.infringingUrl).map((u) => snapshotPage(u)));
  if (!(await updateSubmission(c.id, input.attempt, { state: 'sending' }, { baseline }))) throw new SubmissionSupersededError(c.id);
  // Worded for the rung's recipient (issue 23): host, network, CDN or registrar.
  const { step, entityName } = input.contact;
  const notice = await renderAndArchiveNotice(c, new Date(), { rung: step, ...(entityName ? { recipientName: entityName } : {}) });
  const message = await buildNoticeEmail(notice.input, recipient, notice.pdf);
  try {
    const sent = await mailSender().send(message);
    return { recipient, messageId: sent.messageId, ...(sent.location ? { location: sent.location } : {}), pdfKey: notice.key };
  } catch (err) {
    if (err instanceof MailDeliveryError || (err as Error).name === 'MailDeliveryError') {
      const e = err as MailDeliveryError;
      throw e.retryable ? new MailTemporaryError(e.message) : new MailRejectedError(e.message);
    }
    throw err;
  }
}

export const handler = traced(sendNotice);
