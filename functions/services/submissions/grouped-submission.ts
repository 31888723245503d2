import { splitInfringingUrls } from '../../../shared/schemas/cases';
import type { PreSentNotice } from '../../../shared/workflows/submission';
import { mailSender } from '../../adapters/mail/create-mail-sender';
import { logger } from '../../lib/logger';
import { claimQueuedSend, getCase, updateSubmission, type CaseRecord } from '../cases/case-store';
import { claimedBy, type RecipientGroup } from './batch-claims';
import { snapshotPage } from '../cases/page-check';
import { renderAndArchiveNotice } from '../notices/notice-archive';
import { launchCaseSubmission } from './automated-submission';
import { buildGroupedNoticeEmail } from './notice-email';

/**
 * One message per recipient per batch (issue 23). Bulk submission (and the monitors' automatic submission, which
 * goes through it) claims each item's attempt and looks up its host's contact (`claimForBatch`), then groups the
 * batch's cases by that contact (`groupBatch`) and sends each group one message naming every copy with its
 * evidence (`sendGroup`); each case keeps its own case, notice PDF and ladder, and its workflow starts after the
 * message with the message recorded (`preSent`). A case alone with its recipient, or whose host has no contact,
 * starts its workflow as a single case does.
 */

export interface GroupSent {
  /** Cases whose host notice went out in this group's one message. */
  grouped: number;
  /** Cases whose workflow was started alone (no contact, a group of one, or the message could not be sent). */
  alone: number;
  messageId?: string;
}

/**
 * Sends a group its one message and starts each case's workflow after it. Safe to repeat: a case whose message
 * already went (state `sending` with a message id) is only launched again (the execution name makes that a
 * no-op); a case that moved on is left alone.
 */
export async function sendGroup(userId: string, batchId: string, group: RecipientGroup): Promise<GroupSent> {
  const loaded = await Promise.all(group.cases.map((x) => getCase(x.id)));
  const cases = loaded.filter((c): c is CaseRecord => claimedBy(c, userId, batchId) && group.cases.some((x) => x.id === c.id && x.attempt === c.submissionAttempt));
  const sent = cases.filter((c) => c.submission!.state === 'sending' && c.submission!.messageId);
  const waiting = cases.filter((c) => c.submission!.state === 'queued');
  const preSentOf = (c: CaseRecord, pdfKey: string | undefined, n: number): PreSentNotice => ({
    recipient: c.submission!.recipient!,
    source: c.submission!.contactSource ?? 'known-agent',
    messageId: c.submission!.messageId!,
    pdfKey: pdfKey ?? c.lastNoticeKey ?? '',
    cases: n,
  });
  for (const c of sent) await launchCaseSubmission(c, c.submission!.attempt, { preSent: preSentOf(c, undefined, c.submission!.messageCases ?? 1) });
  const alone = async (list: CaseRecord[]) => {
    for (const c of list) await launchCaseSubmission(c, c.submission!.attempt);
    return { grouped: sent.length, alone: list.length };
  };
  if (!group.recipient || waiting.length + sent.length < 2 || waiting.length === 0) return alone(waiting);

  const ready: { c: CaseRecord; input: Awaited<ReturnType<typeof renderAndArchiveNotice>> }[] = [];
  const left: CaseRecord[] = [];
  for (const c of waiting) {
    // The page as it is now: the baseline the re-check compares with (as SendNotice does for a single case).
    const baseline = await Promise.all(splitInfringingUrls(c.infringingUrl).map((u) => snapshotPage(u)));
    // Only from `queued`: a second sender of the same group (recovery's resend beside a task still in flight) skips it.
    if (!(await claimQueuedSend(c.id, c.submission!.attempt, baseline))) continue;
    try {
      ready.push({ c, input: await renderAndArchiveNotice({ ...c, baseline }) });
    } catch (err) {
      logger.warn('notice not rendered for a grouped message; the case goes alone', { caseId: c.id, error: err as Error });
      left.push(c);
    }
  }
  if (ready.length < 2) return alone([...left, ...ready.map((r) => r.c)]);
  let messageId: string;
  let location: string | undefined;
  try {
    const message = await buildGroupedNoticeEmail(
      ready.map((r) => ({ input: r.input.input, pdf: r.input.pdf })),
      group.recipient,
    );
    const delivered = await mailSender().send(message);
    messageId = delivered.messageId;
    location = delivered.location;
  } catch (err) {
    // Each case's own workflow sends its notice then, with the retries a single notice has.
    logger.warn('grouped notice not sent; each case is sent alone', { batchId, recipient: group.recipient, error: err as Error });
    return alone([...left, ...ready.map((r) => r.c)]);
  }
  for (const { c, input } of ready) {
    const attempt = c.submission!.attempt;
    await updateSubmission(c.id, attempt, { messageId, recipient: group.recipient, messageCases: ready.length });
    await launchCaseSubmission(c, attempt, {
      preSent: { recipient: group.recipient, source: group.source ?? c.submission!.contactSource ?? 'known-agent', messageId, ...(location ? { location } : {}), pdfKey: input.key, cases: ready.length },
    });
  }
  const lone = await alone(left);
  return { grouped: sent.length + ready.length, alone: lone.alone, messageId };
}
