import { MAX_NOTICES_PER_MESSAGE } from './grouping-limits';
import type { MailMessage } from '../../adapters/mail/mail-sender';
import { noticeSubject, pictureFile, type NoticeInput } from '../notices/notice-content';
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
        ...(e.referenceImage ? [{ filename: pictureFile(input, 'reference', i), content: e.referenceImage, contentType: 'image/jpeg' }] : []),
        ...(e.copyImage ? [{ filename: pictureFile(input, 'copy', i), content: e.copyImage, contentType: 'image/jpeg' }] : []),
      ]),
    ],
    headers: { 'X-Vigil-Case': input.caseNumber },
  };
}


/**
 * One message to one recipient naming several copies of a bulk submission (issue 23: one message per recipient
 * per batch): a short cover listing every case number and URL, then each case's notice in full (the same text
 * as a single notice), each case's signed PDF and evidence pictures attached under its case number. Each URL
 * keeps its own case; the message id is recorded on every one of them.
 */
export async function buildGroupedNoticeEmail(notices: { input: NoticeInput; pdf: Buffer }[], to: string): Promise<MailMessage> {
  if (notices.length === 0) throw new Error('A grouped notice needs at least one case');
  if (notices.length > MAX_NOTICES_PER_MESSAGE) throw new Error(`A grouped notice carries at most ${MAX_NOTICES_PER_MESSAGE} cases`);
  notices = notices.map((n) => ({ ...n, input: { ...n.input, grouped: true } }));
  const [first] = notices;
  const texts = notices.map((n) => renderNoticeText(n.input)); // validates every input before the message is built
  const cover = [
    `This message carries ${notices.length} notices of copyright infringement, one per copy hosted by your service.`,
    'Each has its own case number; please quote it in any reply about that copy.',
    '',
    ...notices.map((n, i) => `${String(i + 1).padStart(2)}. Case ${n.input.caseNumber}: ${n.input.infringingUrls.join(' ')}`),
  ].join('\n');
  const rule = '\n\n' + '='.repeat(76) + '\n\n';
  return {
    to,
    from: { name: first!.input.agent.name, address: first!.input.agent.email },
    subject: `DMCA Notices of Copyright Infringement – ${notices.length} copies (Cases ${notices.map((n) => n.input.caseNumber).join(', ')})`,
    text: [cover, ...texts].join(rule),
    attachments: notices.flatMap((n) => [
      { filename: `dmca-${n.input.caseId}.pdf`, content: n.pdf, contentType: 'application/pdf' },
      ...(n.input.evidence ?? []).flatMap((e, i) => [
        ...(e.referenceImage ? [{ filename: pictureFile(n.input, 'reference', i), content: e.referenceImage, contentType: 'image/jpeg' }] : []),
        ...(e.copyImage ? [{ filename: pictureFile(n.input, 'copy', i), content: e.copyImage, contentType: 'image/jpeg' }] : []),
      ]),
    ]),
    headers: { 'X-Vigil-Case': notices.map((n) => n.input.caseNumber).join(', ') },
  };
}
