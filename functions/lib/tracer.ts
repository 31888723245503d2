import middy from '@middy/core';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { Context } from 'aws-lambda';

/**
 * Powertools Tracer (X-Ray), one per process. It is active only inside Lambda with tracing on (the CDK stacks
 * set `Tracing.ACTIVE`); elsewhere (the local runtime, tests, `POWERTOOLS_TRACE_ENABLED=false`) it is inert:
 * `captureClient` returns the client as it is and the middy middleware does nothing, so no X-Ray daemon is
 * needed offline. ARCHITECTURE.md, "Request metrics and tracing".
 */
export const tracer = new Tracer({ serviceName: 'vigil' });

/** An AWS SDK v3 client whose calls become X-Ray subsegments when tracing is active. */
export const captureClient = <T>(client: T): T => tracer.captureAWSv3Client(client);

const TRACED = Symbol.for('vigil.traced');

/**
 * The Lambda `handler` of a function that is not an API area (workflow tasks, recovery, the dispatcher, the
 * report job): `fn` inside the same Tracer middleware as the areas' chain (functions/http/chain/), so its
 * invocation is an X-Ray segment with the cold start annotated and its error recorded, its SDK calls nested
 * inside. The event goes through unchanged and errors are rethrown as they are (Step Functions' Retry and Catch
 * match their names). No early timeout (middy's default): a task that runs out of time ends as Lambda ends it
 * (`Sandbox.Timedout`), not with middy's own error. Called without a context (tests, the local runtime from
 * source), it gets an empty one.
 */
export function traced<A extends [event?: unknown], R>(fn: (...args: A) => Promise<R>): (...args: [...A, context?: Context]) => Promise<R> {
  const wrapped = middy<A[0], R>({ timeoutEarlyInMillis: 0 })
    // Task outputs carry user data (results, cases): X-Ray gets the segment and errors, never the output.
    .use(captureLambdaHandler(tracer, { captureResponse: false }))
    .handler((event) => fn(...([event] as unknown as A)));
  return markTraced((...args: [...A, context?: Context]) => wrapped(args[0], (args[1] as Context | undefined) ?? ({} as Context)));
}

/** Marks a handler built with the Tracer middleware (traced() above, the areas' chain in functions/http/chain/). */
export function markTraced<T extends object>(handler: T): T {
  return Object.assign(handler, { [TRACED]: true });
}

/** Whether a Lambda handler runs inside the Tracer middleware (checked for every function's entry by a test). */
export function isTraced(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as { [TRACED]?: boolean })[TRACED] === true;
}
