import type { CaseRecord } from './case-store';

/**
 * A case that needs a person (issue 26: the assistant's "escalations" and the Risk dashboard's advice): flagged
 * for follow-up, or its last automated submission ended without the copy removed (escalated: the copy was still
 * online after the wait; no-contact; failed). A resolved case needs nobody.
 */
export function needsPerson(c: Pick<CaseRecord, 'status' | 'escalation' | 'submission'>): boolean {
  if (c.status === 'resolved') return false;
  const state = c.submission?.state;
  return Boolean(c.escalation?.flagged) || state === 'escalated' || state === 'no-contact' || state === 'failed';
}

/** The host ignored the notice: it was sent, and the copy was still online at the re-check. */
export function hostIgnoredNotice(c: Pick<CaseRecord, 'status' | 'submission'>): boolean {
  return c.status !== 'resolved' && c.submission?.state === 'escalated';
}
