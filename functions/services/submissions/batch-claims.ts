import { splitInfringingUrls } from '../../../shared/schemas/cases';
import { configuredResolver } from '../../adapters/dns/doh-resolver';
import { findStepContact } from '../../adapters/rdap/ladder-contacts';
import { logger } from '../../lib/logger';
import { isOwnedBy } from '../../lib/ownership';
import { lookupUrlOf } from '../cases/case-host';
import { getCase, updateSubmission, type CaseRecord } from '../cases/case-store';
import { MAX_NOTICES_PER_MESSAGE } from './grouping-limits';

/**
 * The first half of "one message per recipient per batch" (issue 23; ./grouped-submission.ts sends): claiming a
 * batch's attempts with their host contact, and grouping them by recipient. Kept apart from the sending half so
 * the tasks that only claim or group (and recovery, which imports them) carry no PDF renderer.
 */

export interface BatchCase {
  id: string;
  attempt: number;
}

/** Cases of one batch for one recipient (at most MAX_NOTICES_PER_MESSAGE), or one case without a contact. */
export interface RecipientGroup {
  recipient?: string;
  source?: string;
  entityName?: string;
  cases: BatchCase[];
}

/**
 * Records on a claimed attempt that batch `batchId` launches it, with the host contact when one is found. A
 * look-up that fails leaves the contact out: the case then goes alone and its workflow looks again (with retries).
 */
export async function claimForBatch(c: CaseRecord, attempt: number, batchId: string): Promise<{ recipient?: string }> {
  let contact: { recipient: string; source: string } | undefined;
  try {
    const url = splitInfringingUrls(c.infringingUrl)[0]!;
    const found = await findStepContact('host', lookupUrlOf(url), { resolveHost: configuredResolver() });
    if (found.kind === 'email') contact = { recipient: found.email, source: found.source };
  } catch (err) {
    logger.warn('host contact not found for a grouped notice; the case goes alone', { caseId: c.id, error: err as Error });
  }
  await updateSubmission(c.id, attempt, { batchId, ...(contact ? { recipient: contact.recipient, contactSource: contact.source } : {}) });
  return contact ? { recipient: contact.recipient } : {};
}

/** A case this batch claimed and has not launched yet (its attempt, the batch's mark, still queued or mid-send). */
export function claimedBy(c: CaseRecord | undefined, userId: string, batchId: string): c is CaseRecord {
  return isOwnedBy(c, userId) && c.submission?.batchId === batchId && c.submission.attempt === c.submissionAttempt && (c.submission.state === 'queued' || c.submission.state === 'sending');
}

/**
 * The batch's claimed cases grouped by recipient (its order kept), each group at most MAX_NOTICES_PER_MESSAGE;
 * a case without a contact is a group of its own.
 */
export async function groupBatch(userId: string, batchId: string, caseIds: string[]): Promise<RecipientGroup[]> {
  const ids = [...new Set(caseIds)];
  const cases: CaseRecord[] = [];
  for (let i = 0; i < ids.length; i += 25) {
    for (const c of await Promise.all(ids.slice(i, i + 25).map((id) => getCase(id)))) if (claimedBy(c, userId, batchId)) cases.push(c);
  }
  const groups: RecipientGroup[] = [];
  const open = new Map<string, RecipientGroup>();
  for (const c of cases) {
    const s = c.submission!;
    const member = { id: c.id, attempt: s.attempt };
    if (!s.recipient) {
      groups.push({ cases: [member] });
      continue;
    }
    let g = open.get(s.recipient);
    if (!g || g.cases.length >= MAX_NOTICES_PER_MESSAGE) {
      g = { recipient: s.recipient, ...(s.contactSource ? { source: s.contactSource } : {}), cases: [] };
      open.set(s.recipient, g);
      groups.push(g);
    }
    g.cases.push(member);
  }
  return groups;
}

