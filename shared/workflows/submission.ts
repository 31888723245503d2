/**
 * The submission workflow's input, here because both its starters (services/submissions: one case, bulk) and
 * the workflow's tasks read it: a service does not import from the workflow it starts. Plain data, no Node or AWS.
 */

/** What `POST /api/dmca/{id}/submit-automated` and bulk submission start the workflow with. */
export interface SubmissionWorkflowInput {
  caseId: string;
  userId: string;
  /** The case's submission attempt this execution serves; the execution is named `<caseId>-<attempt>`. */
  attempt: number;
  /** Seconds the Wait state waits before the re-check (RECHECK_AFTER_SECONDS unless the caller chose). */
  recheckAfterSeconds: number;
  /**
   * The host rung's notice already went out, in one message with the other copies of a bulk submission for the
   * same recipient (issue 23): the workflow records it on the case (MarkSent) and waits for its re-check.
   */
  preSent?: PreSentNotice;
}

/** A notice sent for the case before its workflow started (a grouped message of a bulk submission). */
export interface PreSentNotice {
  recipient: string;
  /** How the address was found (`known-agent`, `rfc2142`, ...). */
  source: string;
  entityName?: string;
  /** The one message's id, shared by every case it named. */
  messageId: string;
  location?: string;
  /** This case's notice PDF, as stored in the notices bucket. */
  pdfKey: string;
  /** How many cases the message named. */
  cases: number;
}
