import { updateSubmission } from '../../services/cases/case-store';
import { markCaseSent } from '../../services/cases/case-transitions';
import { loadCase } from './load-case';
import type { MarkedOutput, SubmissionState } from './types';
import { traced } from '../../lib/tracer';

/**
 * Task MarkSent: the case becomes `sent` (sentAt, statusHistory) if it was pending, and only then is
 * `dmcaSent` ADDed, so a re-sent notice (a new attempt after an escalation) or a retried task counts once.
 * Records the message id, the recipient and when the re-check is due.
 */
export async function markSent(input: SubmissionState, now = new Date()): Promise<MarkedOutput> {
  if (!input.notice) throw new Error('MarkSent needs the sent notice');
  const c = await loadCase(input);
  const at = now.toISOString();
  const transitioned = await markCaseSent(c, at);
  const recheckAt = new Date(now.getTime() + input.recheckAfterSeconds * 1000).toISOString();
  await updateSubmission(
    c.id,
    input.attempt,
    { state: 'awaiting-recheck', messageId: input.notice.messageId, recipient: input.notice.recipient, recheckAt },
    {},
    at,
  );
  return { transitioned, recheckAt };
}

export const handler = traced((input: SubmissionState) => markSent(input));
