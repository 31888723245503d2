import { splitInfringingUrls } from '../../../shared/schemas/cases';
import { configuredResolver } from '../../adapters/dns/doh-resolver';
import { findAbuseContact } from '../../adapters/rdap/find-abuse-contact';
import { lookupUrlOf } from '../../services/cases/case-host';
import { updateSubmission } from '../../services/cases/case-store';
import { SubmissionSupersededError, loadCase } from './load-case';
import type { ContactOutput, SubmissionState } from './types';
import { traced } from '../../lib/tracer';

/**
 * Task FindContact: where the notice goes. The site's known DMCA agent, else the abuse contact of its
 * hosting network, else of its registrar (RDAP, RDAP_BASE_URL; host names through DNS_OVER_HTTPS_URL when
 * set). None found: the case records "no abuse contact found" and is flagged for escalation, and the
 * workflow ends. RdapUnavailableError (lookups failed, nothing found) is thrown for the state's Retry.
 */
export async function findContact(input: SubmissionState): Promise<ContactOutput> {
  const c = await loadCase(input);
  if (!(await updateSubmission(c.id, input.attempt, { state: 'finding-contact' }))) throw new SubmissionSupersededError(c.id);
  const url = splitInfringingUrls(c.infringingUrl)[0]!;
  const contact = await findAbuseContact(lookupUrlOf(url), { resolveHost: configuredResolver() });
  const at = new Date().toISOString();
  if (!contact) {
    const reason = `No abuse contact found for ${c.host}: look the site up in the Copyright Office's DMCA agent directory and send the notice PDF by hand.`;
    await updateSubmission(
      c.id,
      input.attempt,
      { state: 'no-contact', error: `No abuse contact found for ${c.host}.` },
      { escalation: { flagged: true, reason, checkedAt: at } },
      at,
    );
    return { found: false, reason };
  }
  await updateSubmission(c.id, input.attempt, { recipient: contact.email, contactSource: contact.source }, {}, at);
  return { found: true, email: contact.email, source: contact.source, ...(contact.entityName ? { entityName: contact.entityName } : {}) };
}

export const handler = traced(findContact);
