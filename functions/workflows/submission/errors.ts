import { SUBMISSION_ERRORS } from './states';

/**
 * Named errors of the submission tasks. Names are literals (not taken from the class) so they survive
 * bundling and minification: Lambda reports `error.name` as the error type that Retry and Catch match.
 */
export class MailTemporaryError extends Error {
  override name = SUBMISSION_ERRORS.mailTemporary;
}

export class MailRejectedError extends Error {
  override name = SUBMISSION_ERRORS.mailRejected;
}
