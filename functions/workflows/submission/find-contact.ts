import { splitInfringingUrls } from '../../../shared/schemas/cases';
import { configuredResolver } from '../../adapters/dns/doh-resolver';
import { findStepContact } from '../../adapters/rdap/ladder-contacts';
import { lookupUrlOf } from '../../services/cases/case-host';
import { updateSubmission } from '../../services/cases/case-store';
import { addLadderEntry, alreadyNotified } from '../../services/cases/ladder';
import { openCdnFormTask } from '../../services/cases/agent-tasks';
import { SubmissionSupersededError, loadCase } from './load-case';
import type { ContactOutput, SubmissionState } from './types';
import { traced } from '../../lib/tracer';

/**
 * Task FindContact: where the notice of the ladder's current rung goes (issue 23): the host's DMCA agent or abuse
 * mailbox first, then (after Climb) the network of its address, the CDN in front of it, the domain's registrar
 * (adapters/rdap/ladder-contacts.ts). A rung with no contact, or whose contact already had a notice on this case,
 * is recorded as skipped on the case's timeline and the workflow climbs on; a CDN that takes complaints only
 * through a web form opens an agent task and the workflow waits and re-checks. RdapUnavailableError (look-ups
 * failed, nothing found) is thrown for the state's Retry.
 */
export async function findContact(input: SubmissionState, now = new Date()): Promise<ContactOutput> {
  const step = input.climb && input.climb.next !== 'end' && input.climb.next !== 'delisting' ? input.climb.next : 'host';
  const c = await loadCase(input);
  if (c.outcome) return { found: false, step, reason: 'The case has ended.' };
  if (!(await updateSubmission(c.id, input.attempt, { state: step === 'host' ? 'finding-contact' : 'climbing' }))) throw new SubmissionSupersededError(c.id);
  const url = splitInfringingUrls(c.infringingUrl)[0]!;
  const edge = c.baseline?.find((b) => b.url === url)?.edge;
  const contact = await findStepContact(step, lookupUrlOf(url), { resolveHost: configuredResolver(), ...(edge ? { edge } : {}) });
  const at = now.toISOString();

  if (contact.kind === 'email') {
    const earlier = alreadyNotified(c, contact.email);
    if (!earlier) {
      await updateSubmission(c.id, input.attempt, { recipient: contact.email, contactSource: contact.source }, {}, at);
      return { found: true, step, email: contact.email, source: contact.source, ...(contact.entityName ? { entityName: contact.entityName } : {}) };
    }
    const reason = `${contact.email} already had the notice (${earlier.step} step).`;
    await addLadderEntry(c, input.attempt, { step, action: 'skipped', at, recipient: contact.email, detail: reason });
    return { found: false, step, reason };
  }
  if (contact.kind === 'form') {
    const recheckAt = new Date(now.getTime() + input.recheckAfterSeconds * 1000).toISOString();
    // The agent console lists the task with the form's fields; the filing is recorded on the ladder (issue 23).
    await openCdnFormTask(c, input.attempt, { url: contact.url, entityName: contact.entityName, evidence: contact.evidence }, at);
    await addLadderEntry(
      c,
      input.attempt,
      { step, action: 'agent-task', at, recipient: contact.url, entityName: contact.entityName, detail: `${contact.detail} The agent files it.`, recheckAt },
      { nextRunAt: recheckAt, state: 'awaiting-recheck' },
    );
    return { found: false, step, agentTask: true, reason: contact.detail };
  }
  await addLadderEntry(c, input.attempt, { step, action: 'skipped', at, detail: contact.reason });
  return { found: false, step, reason: contact.reason };
}

export const handler = traced((input: SubmissionState) => findContact(input));
