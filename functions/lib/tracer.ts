import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * Powertools Tracer (X-Ray), one per process. It is active only inside Lambda with tracing on (the CDK stacks
 * set `Tracing.ACTIVE`); elsewhere (the local runtime, tests, `POWERTOOLS_TRACE_ENABLED=false`) it is inert:
 * `captureClient` returns the client as it is and the middy middleware does nothing, so no X-Ray daemon is
 * needed offline. ARCHITECTURE.md, "Request metrics and tracing".
 */
export const tracer = new Tracer({ serviceName: 'vigil' });

/** An AWS SDK v3 client whose calls become X-Ray subsegments when tracing is active. */
export const captureClient = <T>(client: T): T => tracer.captureAWSv3Client(client);
