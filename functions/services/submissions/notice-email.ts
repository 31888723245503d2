import type { MailMessage } from '../../adapters/mail/mail-sender';
import { noticeSubject, type NoticeInput } from '../notices/notice-content';
import { renderNoticePdf } from '../notices/notice-pdf';
import { renderNoticeText } from '../notices/notice-text';

/**
 * The e-mail that carries a notice to a host: from the agent, to the abuse or DMCA address, the plain-text
 * notice as the body and the signed PDF (`dmca-{caseId}.pdf`, the name the download uses) attached. Pass
 * `pdf` when it was already rendered (and stored as evidence) so the message carries that very document.
 */
export async function buildNoticeEmail(input: NoticeInput, to: string, pdf?: Buffer): Promise<MailMessage> {
  const text = renderNoticeText(input); // validates the input before any rendering work
  return {
    to,
    from: { name: input.agent.name, address: input.agent.email },
    subject: noticeSubject(input),
    text,
    attachments: [
      { filename: `dmca-${input.caseId}.pdf`, content: pdf ?? (await renderNoticePdf(input)), contentType: 'application/pdf' },
      // The evidence pictures (issue 23): the work and the copy, side by side in the PDF, attached here as files.
      ...(input.evidence ?? []).flatMap((e, i) => [
        ...(e.referenceImage ? [{ filename: `reference-${i + 1}.jpg`, content: e.referenceImage, contentType: 'image/jpeg' }] : []),
        ...(e.copyImage ? [{ filename: `copy-${i + 1}.jpg`, content: e.copyImage, contentType: 'image/jpeg' }] : []),
      ]),
    ],
    headers: { 'X-Vigil-Case': input.caseNumber },
  };
}
