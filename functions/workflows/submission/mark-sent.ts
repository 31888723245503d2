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
  const notice = input.notice ?? input.preSent;
  if (!notice) throw new Error('MarkSent needs the sent notice');
  // A grouped message of a bulk submission (issue 23) went out before the workflow: it is the host rung's notice.
  const contact = input.notice ? input.contact : input.preSent && { found: true as const, step: 'host' as const, entityName: input.preSent.entityName };
  const c = await loadCase(input);
  const at = now.toISOString();
  const transitioned = await markCaseSent(c, at);
  const recheckAt = new Date(now.getTime() + input.recheckAfterSeconds * 1000).toISOString();
  const step = contact?.step ?? 'host';
  const entityName = contact?.found ? contact.entityName : undefined;
  const grouped = !input.notice && input.preSent && input.preSent.cases > 1 ? `One message to ${notice.recipient} named the ${input.preSent.cases} copies of this submission it hosts.` : undefined;
  await addLadderEntry(
    c,
    input.attempt,
    { step, action: 'sent', at, recipient: notice.recipient, ...(entityName ? { entityName } : {}), ...(grouped ? { detail: grouped } : {}), recheckAt },
    { nextRunAt: recheckAt },
  );
  await updateSubmission(
    c.id,
    input.attempt,
    {
      state: 'awaiting-recheck',
      messageId: notice.messageId,
      recipient: notice.recipient,
      ...(input.preSent && !input.notice ? { contactSource: input.preSent.source } : {}),
      recheckAt,
    },
    {},
    at,
  );
  return { transitioned, recheckAt };
}

export const handler = traced((input: SubmissionState) => markSent(input));
