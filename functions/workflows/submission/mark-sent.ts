import { updateSubmission } from '../../services/cases/case-store';
import { markCaseSent } from '../../services/cases/case-transitions';
import { addLadderEntry } from '../../services/cases/ladder';
import { loadCase } from './load-case';
import type { MarkedOutput, SubmissionState } from './types';
import { traced } from '../../lib/tracer';

/**
 * Task MarkSent: the case becomes `sent` (sentAt, statusHistory) if it was pending, and only then is
 * `dmcaSent` ADDed, so a notice sent again on a higher rung or by a retried task counts once. Records the
 * message id, the recipient, the rung on the case's ladder and when its re-check is due.
 */
export async function markSent(input: SubmissionState, now = new Date()): Promise<MarkedOutput> {
  if (!input.notice) throw new Error('MarkSent needs the sent notice');
  const c = await loadCase(input);
  const at = now.toISOString();
  const transitioned = await markCaseSent(c, at);
  const recheckAt = new Date(now.getTime() + input.recheckAfterSeconds * 1000).toISOString();
  const step = input.contact?.step ?? 'host';
  const entityName = input.contact?.found ? input.contact.entityName : undefined;
  await addLadderEntry(
    c,
    input.attempt,
    { step, action: 'sent', at, recipient: input.notice.recipient, ...(entityName ? { entityName } : {}), recheckAt },
    { nextRunAt: recheckAt },
  );
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
