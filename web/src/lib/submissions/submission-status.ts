import { ACTIVE_SUBMISSION_STATES, type CaseSubmission } from '@shared/schemas/cases';

/** Whether an automated submission is still running (a new one cannot start until it ends). */
export function submissionInProgress(submission: Pick<CaseSubmission, 'state'> | undefined): boolean {
  return !!submission && ACTIVE_SUBMISSION_STATES.includes(submission.state);
}

/** Where a case's latest automated submission stands, in words, with the server's reason when it failed. */
export function submissionStatusText(submission: Pick<CaseSubmission, 'state' | 'recipient' | 'error'>): string {
  const to = submission.recipient ? ` to ${submission.recipient}` : '';
  switch (submission.state) {
    case 'queued':
      return 'Automated submission queued.';
    case 'finding-contact':
      return "Automated submission in progress: finding the host's abuse contact.";
    case 'sending':
      return `Automated submission in progress: sending the notice${to}.`;
    case 'awaiting-recheck':
      return `Notice sent${to}. Vigil checks the copies again later.`;
    case 'rechecking':
      return 'Notice sent. Checking whether the copies are gone.';
    case 'resolved':
      return 'Resolved: the copies are gone.';
    case 'escalated':
      return `The copies were still online after the notice${submission.error ? `: ${submission.error}` : ''}. The case is flagged for follow-up.`;
    case 'no-contact':
      return submission.error ?? "No abuse contact was found for the host. Use the manual PDF method instead.";
    case 'failed':
      return submission.error ?? 'The automated submission failed. Use the manual PDF method instead.';
    case 'climbing':
      return 'Still online: Vigil is moving the case to the next step of the escalation ladder.';
    case 'delisting':
      return "Still online at the source: the company's agent files delisting requests with Google and Bing.";
    case 'delisted':
      return 'Delisted: the search engines no longer show the copies, which are still online at the source.';
    case 'counter-noticed':
      return 'A counter-notice was filed: the escalation has stopped for this URL.';
    case 'stopped':
      return submission.error ?? 'The escalation ladder ended without a removal.';
  }
}
