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
}
