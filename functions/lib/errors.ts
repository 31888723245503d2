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
  constructor(message: string) {
    super(429, 'RATE_LIMITED', message);
  }
}
/** A Step Functions execution could not be started; the caller may try again shortly. */
export class WorkflowUnavailableError extends HttpError {
  constructor(message: string) {
    super(503, 'WORKFLOW_UNAVAILABLE', message);
  }
}
