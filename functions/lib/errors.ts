/**
 * Named errors, each mapped to one HTTP status. Only these messages reach clients; anything else is a 500
 * whose details are logged and never sent (see the error middleware in http.ts).
 */
export interface FieldIssue {
  path: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldIssue[],
  ) {
    super(message);
    this.name = new.target.name;
  }
  /** Extra members of the error body beside `{error, code, fields}` (e.g. the figures of a plan limit). */
  details?: Record<string, unknown>;
  /** Extra response headers (e.g. `Retry-After`). */
  headers?: Record<string, string>;
}

export class ValidationError extends HttpError {
  constructor(message: string, fields?: FieldIssue[]) {
    super(400, 'VALIDATION_FAILED', message, fields);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Sign in to continue.') {
    super(401, 'UNAUTHENTICATED', message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have access to this resource.', code = 'FORBIDDEN') {
    super(403, code, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(what = 'Resource') {
    super(404, 'NOT_FOUND', `${what} not found.`);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string, code = 'CONFLICT') {
    super(409, code, message);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, 'PAYLOAD_TOO_LARGE', message);
  }
}
export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', message);
  }
}
export class PaymentRequiredError extends HttpError {
  constructor(message: string) {
    super(402, 'PLAN_REQUIRED', message);
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(message: string, retryAfterSeconds?: number) {
    super(429, 'RATE_LIMITED', message);
    if (retryAfterSeconds !== undefined) this.headers = { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) };
  }
}

/** The figures of a refused allowance: the monthly (or daily) limit, what was used, and when it starts again. */
export interface PlanLimitFigures {
  limit: number;
  used: number;
  /**
   * ISO time the allowance resets (the first of the next UTC month, or the next UTC day for a daily cap); null for
   * an allowance that does not reset (the number of monitors a plan keeps).
   */
  resetsAt: string | null;
}

/**
 * A plan allowance is used up: `402 {error, code: "PLAN_LIMIT", limit, used, resetsAt}`. Thrown by every
 * allowance check (scans, submissions, monitors); the site shows it with an upgrade prompt.
 */
export class PlanLimitError extends HttpError {
  constructor(
    message: string,
    readonly figures: PlanLimitFigures,
  ) {
    super(402, 'PLAN_LIMIT', message);
    this.details = { ...figures };
  }
}

/** A paid plan cannot be bought here: billing is switched off (`BILLING=none`, or no Stripe secret on AWS). */
export class BillingUnavailableError extends HttpError {
  constructor() {
    super(503, 'BILLING_UNAVAILABLE', 'Plan changes are not available right now: billing is not set up on this service. Nothing was changed.');
  }
}
/** A Step Functions execution could not be started; the caller may try again shortly. */
export class WorkflowUnavailableError extends HttpError {
  constructor(message: string) {
    super(503, 'WORKFLOW_UNAVAILABLE', message);
  }
}

/**
 * The platform's monthly provider-search budget is spent (issue 27): new scans and monitor runs wait for the
 * next month (or an operator raising PLATFORM_PROVIDER_SEARCHES_PER_MONTH with the provider's plan), so the
 * provider's own quota is never reached. Nothing was started or counted.
 */
export class ProviderBudgetExhaustedError extends HttpError {
  constructor(resetsAt: string) {
    super(503, 'PROVIDER_BUDGET_EXHAUSTED', `Scans are paused until ${resetsAt.slice(0, 10)}: this month's search capacity is used up. Nothing was counted.`);
    this.details = { resetsAt };
  }
}
