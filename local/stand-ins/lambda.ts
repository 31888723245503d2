import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { logger } from '../../functions/lib/logger';
import { sdkOnly } from './loopback-guard';

/** What runs when a function is invoked: the source handler or its bundle (local/bundles/pool.ts). */
type LocalFunction = (payload: unknown) => Promise<unknown>;

export interface RunningLambda {
  endpoint: string;
  /** Resolves when every queued asynchronous invocation has ended (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Lambda's retries of a failed asynchronous invocation (two), shortened from minutes to `retryMs`. */
const ASYNC_RETRIES = 2;

/**
 * The local stand-in for the Lambda Invoke API (`POST /2015-03-31/functions/{name}/invocations`), behind the
 * real SDK protocol as the Step Functions stand-in is: `InvocationType: Event` answers 202 at once and runs the
 * function afterwards, retrying a failure twice as Lambda does; `RequestResponse` (the default) answers with
 * the function's result. Only the functions given are known (404 ResourceNotFoundException otherwise).
 */
export async function startLambda(functions: Record<string, LocalFunction>, opts: { retryMs?: number } = {}): Promise<RunningLambda> {
  const pending = new Set<Promise<void>>();
  const send = (res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };

  async function runQueued(name: string, fn: LocalFunction, payload: unknown): Promise<void> {
    for (let attempt = 0; attempt <= ASYNC_RETRIES; attempt++) {
      try {
        await fn(payload);
        return;
      } catch (err) {
        logger.warn('asynchronous invocation failed', { function: name, attempt, error: err as Error });
        if (attempt < ASYNC_RETRIES) await new Promise((r) => setTimeout(r, opts.retryMs ?? 1000));
      }
    }
    logger.error('asynchronous invocation dropped after its retries', { function: name });
  }

  const server = createServer(sdkOnly(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const m = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    if (req.method !== 'POST' || !m) return send(res, 404, { Type: 'User', message: 'Operation not supported by the local stand-in' });
    // A name or an ARN (arn:aws:lambda:<region>:<account>:function:<name>[:qualifier]).
    const id = decodeURIComponent(m[1]!);
    const name = id.startsWith('arn:') ? id.split(':')[6]! : id;
    const fn = Object.hasOwn(functions, name) ? functions[name] : undefined;
    if (!fn) return send(res, 404, { Type: 'User', message: `Function not found: ${id}` }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch {
      return send(res, 400, { Type: 'User', message: 'Could not parse request body into json' }, { 'x-amzn-errortype': 'InvalidRequestContentException' });
    }
    if (String(req.headers['x-amz-invocation-type'] ?? 'RequestResponse') === 'Event') {
      const run = runQueued(name, fn, payload);
      pending.add(run);
      void run.finally(() => pending.delete(run));
      return send(res, 202);
    }
    try {
      return send(res, 200, (await fn(payload)) ?? null);
    } catch (err) {
      const e = err as Error;
      return send(res, 200, { errorType: e.name, errorMessage: e.message }, { 'x-amz-function-error': 'Unhandled' });
    }
  }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    idle: async () => {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...pending]);
    },
  };
}
