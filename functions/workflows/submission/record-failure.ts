import { updateSubmission } from '../../services/cases/case-store';
import { logger } from '../../lib/logger';
import { SUBMISSION_ERRORS } from './states';
import type { SubmissionState } from './types';
import { traced } from '../../lib/tracer';

/** What a person reads on the case for each failure (the technical cause goes to the logs only). */
export function failureMessage(errorName: string, recipient?: string): string {
  const to = recipient ? ` to ${recipient}` : '';
  switch (errorName) {
    case SUBMISSION_ERRORS.mailRejected:
      return `The notice could not be delivered${to}: the mail service refused it. Download the PDF and send it by hand, or try again later.`;
    case SUBMISSION_ERRORS.mailTemporary:
      return `The notice could not be delivered${to} after several attempts. Please try again later.`;
    case SUBMISSION_ERRORS.rdapUnavailable:
      return "The host's abuse contact could not be looked up (the registry did not answer). Please try again later.";
    case 'SubmissionSupersededError':
      return 'A newer submission of this case replaced this one.';
    default:
      return 'The automated submission failed. Please try again, or download the PDF and send it by hand.';
  }
}

/** Lambda reports a Task's failure cause as JSON `{errorMessage, errorType}`; the local runner as the message. */
function causeText(cause: string | undefined): string | undefined {
  if (!cause) return undefined;
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: string };
    return parsed.errorMessage ?? cause;
  } catch {
    return cause;
  }
}

/**
 * Task RecordFailure (the Catch target of FindContact, SendNotice, MarkSent and Recheck): records on the case
 * that this attempt failed, with a message a person can act on. The case keeps its status; the creator can
 * submit again. A failure of an attempt that a newer one replaced changes nothing.
 */
export async function recordFailure(input: SubmissionState): Promise<{ recorded: boolean; error: string }> {
  const name = input.failure?.Error ?? 'Error';
  const recipient = input.contact?.found ? input.contact.email : undefined;
  const error = failureMessage(name, recipient);
  logger.warn('submission failed', { caseId: input.caseId, attempt: input.attempt, error: name, cause: causeText(input.failure?.Cause) });
  const recorded = await updateSubmission(input.caseId, input.attempt, { state: 'failed', error });
  return { recorded, error };
}

export const handler = traced(recordFailure);
