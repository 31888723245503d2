import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { ParsedMail } from 'mailparser';
import type { Area, RouteDef } from '../shared/contract';
import type { RunningS3 } from '../local/stand-ins/s3';
import type { LocalWorkflows } from '../local/workflows';
import type { BULK_TASK_HANDLERS as BulkTaskHandlers } from '../functions/workflows/bulk-submission';
import { resetConfig } from '../functions/lib/config';
import { LOCAL_CREDENTIALS } from '../local/stand-ins/credentials';
import { ensureTable, startDynalite, type RunningDynamo } from '../local/stand-ins/dynamo';
import type { FixtureWeb } from './fixture-web';
import type { TestUser } from './fixtures';

/*
 * The one HTTP test harness (docs/ARCHITECTURE.md "Testing"). A test file starts the stand-ins it needs once,
 * in beforeAll (`startHarness`), and calls routes by their contract row (`call(contract.getCase, {as, params})`):
 * the row names the area, whose exported handler (the one Lambda runs) gets an API Gateway v2 event, as the
 * local gateway would send it. Data is seeded with test/fixtures.ts. The stand-ins beyond dynalite are imported
 * only when a file asks for them, so a file that needs only the table loads no more than it did.
 */

/**
 * Integration-test environment: an in-memory dynalite with the real table, and process configuration pointed
 * at it. Refuses anything but loopback endpoints so a test can never touch a real AWS account.
 */
export async function startTestDynamo(extraEnv: Record<string, string> = {}): Promise<RunningDynamo & { tableName: string }> {
  const dynamo = await startDynalite();
  const tableName = `test-${Math.random().toString(36).slice(2, 8)}`;
  Object.assign(process.env, {
    // The runtime's own key, as under npm start: the S3 stand-in checks signatures against it.
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_REGION: 'us-east-1',
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    TABLE_NAME: tableName,
    LOG_LEVEL: 'SILENT',
    // As `npm start`: plans apply at once. Billing tests choose `stripe` or `none` themselves.
    BILLING: 'demo',
    // A reference file hashed again in one test file (the same demo photo, scan after scan) is hashed once:
    // hashing is a pure function of the bytes (functions/matching/index.ts; local runtime and tests only).
    // REFERENCE_HASH_MEMO_ENTRIES=0 in the shell hashes every time (to compare).
    REFERENCE_HASH_MEMO_ENTRIES: process.env.REFERENCE_HASH_MEMO_ENTRIES ?? '512',
    ...extraEnv,
  });
  for (const [k, v] of Object.entries(process.env)) {
    if (k.endsWith('_ENDPOINT') && v && !/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(v)) {
      throw new Error(`test environment refuses non-loopback endpoint ${k}=${v}`);
    }
  }
  resetConfig();
  await ensureTable(dynamo.endpoint, tableName);
  return { ...dynamo, tableName };
}

/** A minimal API Gateway v2 event for calling an area handler directly. */
export function httpEvent(
  method: string,
  path: string,
  opts: {
    routePath?: string;
    pathParameters?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    headers?: Record<string, string>;
    cookies?: string[];
  } = {},
) {
  const body = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  return {
    version: '2.0',
    routeKey: `${method} ${opts.routePath ?? path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(opts.query ?? {}).toString(),
    cookies: opts.cookies,
    // What a browser sends on the site's own fetch calls; CSRF tests override or drop it.
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...(opts.headers ?? {}) },
    queryStringParameters: opts.query,
    pathParameters: opts.pathParameters,
    body,
    isBase64Encoded: false,
    requestContext: {
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'jest' },
      requestId: 'test',
      routeKey: `${method} ${opts.routePath ?? path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
  } as unknown as APIGatewayProxyEventV2;
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** The JSON answer; the text itself when it is not JSON (an HTML page); undefined for a binary answer. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions read the JSON freely
  /** The answer's bytes (a PDF, a CSV, a text file, or the JSON text). */
  bytes: Buffer;
}

export interface CallOptions {
  /** Who calls: a signed-in test user (test/fixtures.ts) or nobody. Default: anonymous. */
  as?: TestUser | 'anonymous';
  /** Path parameters by name (`{id}`); values are sent as given, malformed ones included. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** An object is sent as JSON; a string as is; a Buffer base64-encoded, as API Gateway passes binary bodies. */
  body?: unknown;
  /** Sends a string body base64-encoded (as API Gateway may). */
  base64?: boolean;
  /** Added to (or replacing) the defaults: `content-type: application/json` and `sec-fetch-site: same-origin`. */
  headers?: Record<string, string>;
  /** `false`: send none of the headers that say the site's own page made the call (a cross-site request). */
  fromSite?: boolean;
}

type AreaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;
const handlers = new Map<Area, Promise<AreaHandler>>();

/** The area's exported handler, imported once, as the local gateway does (local/gateway.ts). */
function handlerOf(area: Area): Promise<AreaHandler> {
  let h = handlers.get(area);
  if (!h) {
    h = import(`../functions/http/${area}/index`).then((m: { handler?: AreaHandler }) => {
      if (typeof m.handler !== 'function') throw new Error(`functions/http/${area}/index.ts exports no handler`);
      return m.handler;
    });
    handlers.set(area, h);
  }
  return h;
}

/** Calls a route of the contract through its area's real handler chain (auth, CSRF, schemas, endpoint). */
export async function call(route: RouteDef, opts: CallOptions = {}): Promise<Reply> {
  const path = route.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(opts.params?.[k] ?? ''));
  const binary = Buffer.isBuffer(opts.body) || (opts.base64 && typeof opts.body === 'string');
  const event = httpEvent(route.method, path, {
    routePath: route.path,
    pathParameters: opts.params,
    query: opts.query,
    body: binary ? undefined : opts.body,
    cookies: opts.as && opts.as !== 'anonymous' ? opts.as.cookies : undefined,
    headers: opts.headers,
  });
  if (binary) Object.assign(event, { body: Buffer.from(opts.body as Buffer | string).toString('base64'), isBase64Encoded: true });
  if (opts.fromSite === false) {
    delete event.headers['sec-fetch-site'];
    delete event.headers.origin;
  }
  const handler = await handlerOf(route.area);
  const res = (await handler(event, {} as Context)) as { statusCode: number; body?: string; headers?: Record<string, string>; isBase64Encoded?: boolean };
  const headers = res.headers ?? {};
  const bytes = Buffer.from(res.body ?? '', res.isBase64Encoded ? 'base64' : 'utf8');
  if (res.isBase64Encoded) return { status: res.statusCode, headers, body: undefined, bytes };
  let body: unknown = undefined;
  if (res.body) {
    try {
      body = JSON.parse(res.body);
    } catch {
      body = res.body;
    }
  }
  return { status: res.statusCode, headers, body, bytes };
}

/** A multipart/form-data body (the scan and monitor forms), as a browser's FormData sends it. */
export async function multipart(fields: Record<string, string>, files: { name: string; bytes: Buffer; type: string }[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('referenceFiles', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}

/** A loopback stand-in for the SESv2 SendEmail call, answering with the queued replies (then 200). */
async function startSesStandIn() {
  const requests: { to: string[]; raw: Buffer }[] = [];
  const replies: { status: number; type?: string; message?: string }[] = [];
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = JSON.parse(data || '{}') as { Destination?: { ToAddresses?: string[] }; Content?: { Raw?: { Data?: string } } };
      requests.push({ to: body.Destination?.ToAddresses ?? [], raw: Buffer.from(body.Content?.Raw?.Data ?? '', 'base64') });
      const reply = replies.shift();
      if (reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...(reply.type ? { 'x-amzn-errortype': reply.type } : {}) });
        return res.end(JSON.stringify({ message: reply.message ?? 'error' }));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ MessageId: `ses-${requests.length}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    replies,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * Where the Step Functions stand-in notes the definitions it validated (by their digest and the validator's
 * version): each is validated by the first test file that starts it, not again by every other one (the validator
 * compiles its JSON schema for every state machine, ~0.7 s of CPU each).
 */
const VALIDATED_DEFINITIONS = join(tmpdir(), 'vigil-test-validated-asl');

/**
 * The submission and bulk submission workflows (their real ASL, Wait states instant), named and configured as
 * local/workflows.ts does: the submission stack does not load the search workflow's tasks (the matcher).
 * `bulkHandlers` replaces the bulk workflow's task handlers (a test wraps them to watch or fail them).
 */
async function startSubmissionWorkflow(bulkHandlers?: typeof BulkTaskHandlers, stateFile?: string): Promise<LocalWorkflows> {
  // local/workflows.ts's names, not imported: that module loads the search tasks
  const SUBMISSION_MACHINE = 'vigil-submission';
  const BULK_SUBMISSION_MACHINE = 'vigil-bulk-submission';
  const [{ startStepFunctions }, { renderSubmissionAsl }, { renderBulkSubmissionAsl }, { SUBMISSION_TASK_HANDLERS }, { BULK_TASK_HANDLERS }] = await Promise.all([
    import('../local/stand-ins/stepfunctions'),
    import('../infra/workflows/submission-definition'),
    import('../infra/workflows/bulk-submission-definition'),
    import('../functions/workflows/submission'),
    import('../functions/workflows/bulk-submission'),
  ]);
  const sfn = await startStepFunctions([
    { name: SUBMISSION_MACHINE, definition: renderSubmissionAsl(), handlers: SUBMISSION_TASK_HANDLERS as never, waitMs: 0 },
    { name: BULK_SUBMISSION_MACHINE, definition: renderBulkSubmissionAsl(), handlers: (bulkHandlers ?? BULK_TASK_HANDLERS) as never },
  ], { stateFile, validatedDir: VALIDATED_DEFINITIONS });
  return {
    ...sfn,
    env: {
      STEPFUNCTIONS_ENDPOINT: sfn.endpoint,
      SUBMISSION_STATE_MACHINE_ARN: sfn.arnOf(SUBMISSION_MACHINE),
      BULK_SUBMISSION_STATE_MACHINE_ARN: sfn.arnOf(BULK_SUBMISSION_MACHINE),
    },
  };
}

async function startSandboxWeb(dataDir: string): Promise<{ origin: string; close(): Promise<void> }> {
  const { createSandbox } = await import('../local/sandbox');
  const server = createServer((req, res) => sandbox(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`;
  // A `reuploads` host puts a removed copy back a minute later on the (test) clock, so a test moves the clock by
  // about a minute, well within what s3rver accepts, to see it come back (issue 23).
  const sandbox = createSandbox({ origin, dataDir, warm: false, reuploadAfterMs: 60_000 });
  return {
    origin,
    close: async () => {
      await sandbox.close();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export interface HarnessOptions {
  /** s3rver with the uploads and notices buckets. */
  s3?: boolean;
  /**
   * The submission stack: s3, the submission and bulk submission workflows (real ASL in the Step Functions stand-in, Wait states instant), a
   * loopback fixture web (infringing pages, RDAP, DNS-over-HTTPS) as the safe fetcher's sandbox origin, the
   * .eml outbox for mail and a loopback SES for the delivery-failure paths.
   */
  submissions?: boolean;
  /**
   * The scan stack: s3, all the workflows (local/workflows.ts; the submission's Wait states instant) and the sandbox
   * web (search engines, pages, originals, RDAP and DNS-over-HTTPS, as `npm start` points them), the outbox.
   */
  scans?: boolean;
  /** Replaces the bulk submission workflow's task handlers (with `submissions`): wrap BULK_TASK_HANDLERS to watch or fail them. */
  bulkHandlers?: typeof BulkTaskHandlers;
  /** With `submissions`: the stand-in keeps its executions in `executionsFile` (as under DATA_DIR), for restart tests. */
  keepExecutions?: boolean;
  /** Mail goes to the harness's .eml outbox (`outbox`, `outboxMails`); implied by `submissions` and `scans`. */
  outbox?: boolean;
  /** More environment for the functions (read through functions/lib/config.ts). */
  env?: Record<string, string>;
}

const HARNESS_ENV = ['REFERENCE_HASH_MEMO_ENTRIES', 'SQS_ENDPOINT', 'SCHEDULER_ENDPOINT', 'MONITOR_QUEUE_ARN', 'MONITOR_DLQ_ARN', 'MONITOR_SCHEDULER_ROLE_ARN', 'S3_ENDPOINT', 'UPLOADS_BUCKET', 'NOTICES_BUCKET', 'SANDBOX_ORIGIN', 'RDAP_BASE_URL', 'DNS_OVER_HTTPS_URL', 'OUTBOX_DIR', 'SES_ENDPOINT', 'RECHECK_AFTER_SECONDS', 'DELISTING_CHECKS', 'PROVIDER_RETRIES', 'STEPFUNCTIONS_ENDPOINT', 'SEARCH_STATE_MACHINE_ARN', 'SUBMISSION_STATE_MACHINE_ARN', 'BULK_SUBMISSION_STATE_MACHINE_ARN', 'ACCOUNT_ERASURE_STATE_MACHINE_ARN'];

/**
 * Starts the stand-ins of one test file: always dynalite with the real table (startTestDynamo), the rest as asked.
 * Call it in beforeAll and `close()` in afterAll.
 */
export async function startHarness(opts: HarnessOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-test-'));
  const outbox = join(dir, 'outbox');
  const withS3 = opts.s3 || opts.submissions || opts.scans;
  const s3: RunningS3 | undefined = withS3
    ? await (await import('../local/stand-ins/s3')).startS3({ directory: join(dir, 's3'), buckets: ['test-uploads', 'test-notices'] })
    : undefined;
  const web: FixtureWeb | undefined = opts.submissions ? await (await import('./fixture-web')).startFixtureWeb() : undefined;
  const ses = opts.submissions ? await startSesStandIn() : undefined;
  const sandbox = opts.scans ? await startSandboxWeb(join(dir, 'sandbox')) : undefined;
  const workflows = opts.scans ? await (await import('../local/workflows')).startLocalWorkflows({ retryMs: 0, waitMs: 0, validatedDir: VALIDATED_DEFINITIONS }) : opts.submissions ? await startSubmissionWorkflow(opts.bulkHandlers, opts.keepExecutions ? join(dir, 'stepfunctions', 'executions.json') : undefined) : undefined;
  // Monitors' schedules and their queue (issue 27): always, since creating a monitor writes its schedule. The
  // schedules fire only when a test calls `monitors.tick()` (after moving test/clock.ts), never on their own.
  const monitors = await (await import('../local/monitor-queue')).startMonitorScheduling({
    consumer: async () => (await import('../functions/jobs/monitor-runs')).handler as never,
  });
  const dynamo = await startTestDynamo({
    ...monitors.env,
    ...(s3 ? { S3_ENDPOINT: s3.endpoint, UPLOADS_BUCKET: 'test-uploads', NOTICES_BUCKET: 'test-notices' } : {}),
    ...(web ? { SANDBOX_ORIGIN: web.origin, RDAP_BASE_URL: `${web.origin}/rdap`, DNS_OVER_HTTPS_URL: `${web.origin}/dns/resolve`, RECHECK_AFTER_SECONDS: '3600', DELISTING_CHECKS: '2' } : {}),
    ...(sandbox ? { SANDBOX_ORIGIN: sandbox.origin, RDAP_BASE_URL: `${sandbox.origin}/rdap`, DNS_OVER_HTTPS_URL: `${sandbox.origin}/dns/resolve`, PROVIDER_RETRIES: '0' } : {}),
    ...(workflows ? workflows.env : {}),
    ...(workflows || opts.outbox ? { OUTBOX_DIR: outbox } : {}),
    ...opts.env,
  });
  delete process.env.SES_ENDPOINT;
  if (!opts.env?.STRIPE_SECRET_KEY) delete process.env.STRIPE_SECRET_KEY;
  // The clients and caches that read the environment (lib/config.ts perConfig) start afresh on these stand-ins.
  resetConfig();

  /** `.eml` files written to the outbox so far. */
  const outboxFiles = () => {
    try {
      return readdirSync(outbox).filter((f) => f.endsWith('.eml')).map((f) => join(outbox, f));
    } catch {
      return [];
    }
  };
  /** The outbox messages, parsed. */
  const outboxMails = async (): Promise<ParsedMail[]> => {
    const { simpleParser } = await import('mailparser');
    return Promise.all(outboxFiles().map((f) => simpleParser(readFileSync(f))));
  };
  /** The outbox messages about one case (by their X-Vigil-Case header; a grouped message lists several, issue 23). */
  const mailsFor = async (caseNumber: string) =>
    (await outboxMails()).filter((m) => String(m.headers.get('x-vigil-case') ?? '').split(', ').includes(caseNumber));

  /** Sends mail through the loopback SES instead of the outbox (until `useOutbox`). */
  const useSes = () => {
    if (!ses) throw new Error('useSes needs startHarness({ submissions: true })');
    delete process.env.OUTBOX_DIR;
    process.env.SES_ENDPOINT = ses.endpoint;
    resetConfig();
  };
  const useOutbox = () => {
    delete process.env.SES_ENDPOINT;
    process.env.OUTBOX_DIR = outbox;
    resetConfig();
  };

  const close = async () => {
    await monitors.close();
    await workflows?.close();
    resetConfig();
    await dynamo.close();
    await s3?.close();
    await web?.close();
    await ses?.close();
    await sandbox?.close();
    for (const k of [...HARNESS_ENV, ...Object.keys(opts.env ?? {})]) delete process.env[k];
    resetConfig();
    rmSync(dir, { recursive: true, force: true });
  };

  return {
    close,
    outboxFiles,
    outboxMails,
    mailsFor,
    useSes,
    useOutbox,
    dir,
    outbox,
    /** The s3rver endpoint (with `s3`, `submissions` or `scans`). */
    s3Endpoint: s3?.endpoint,
    /** The loopback fixture web (with `submissions`). */
    web: web!,
    /** The loopback SES (with `submissions`). */
    ses: ses!,
    /** The Step Functions stand-in running the real ASL (with `submissions` or `scans`). */
    sfn: workflows!,
    /** Where the stand-in keeps its executions (with `keepExecutions`). */
    executionsFile: join(dir, 'stepfunctions', 'executions.json'),
    /**
     * The Scheduler and SQS stand-ins with the monitor queue: `monitors.tick()` fires the schedules due at the
     * (shifted) clock into the queue and runs the consumer on it, as Lambda's event source would.
     */
    monitors,
    /** The sandbox web's origin (with `scans`). */
    sandboxOrigin: sandbox?.origin ?? '',
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;
