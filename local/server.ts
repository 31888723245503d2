import './polyfills';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import sirv from 'sirv';
import { config, resetConfig } from '../functions/lib/config';
import { logger } from '../functions/lib/logger';
import { SECURITY_HEADERS } from '../shared/security-headers';
import { buildBundles } from './bundles/build';
import { BundlePool } from './bundles/pool';
import { monitorDispatcher, startMonitorTicks } from './monitor-ticks';
import { startMonitorScheduling, type ConsumerHandler } from './monitor-queue';
import { createGateway } from './gateway';
import { endAbandonedExecution } from '../functions/workflows/recovery/execution-ended';
import { checkRecheckAfterSeconds, RESULT_RETENTION_HOUR_UTC } from '../infra/stacks/workflows-stack';
import { reemergenceEverySeconds, reemergenceJob, resultRetentionJob, startDailyJob, startRateJob } from './daily-jobs';
import { createIdp, type RunningIdp } from './idp';
import { checkListenHost, isLoopback } from './listen-host';
import { publicStatus } from '../functions/services/admin/public-stats';
import { ensureTable, startDynalite, type RunningDynamo } from './stand-ins/dynamo';
import { startLambda } from './stand-ins/lambda';
import { LOCAL_CREDENTIALS } from './stand-ins/credentials';
import { startS3, type RunningS3 } from './stand-ins/s3';
import { createSandbox } from './sandbox';
import { startLocalWorkflows } from './workflows';

export interface ServerOptions {
  /** Port to listen on; 0 picks a free one (tests). Default: PORT or 3000. */
  port?: number;
  /**
   * Interface to listen on. Default: HOST or 127.0.0.1 (the dev accounts are not for the network). A
   * non-loopback interface is refused unless `allowNetwork` (or VIGIL_ALLOW_NETWORK=1) says so.
   */
  host?: string;
  /**
   * Lets the runtime listen on a non-loopback interface (`HOST=0.0.0.0`, a LAN address): anyone who reaches it
   * can sign in with any e-mail, so it must be asked for. Default: VIGIL_ALLOW_NETWORK=1.
   */
  allowNetwork?: boolean;
  /** More `Host` names (`name:port`) to answer to when the network is allowed. Default: VIGIL_ALLOWED_HOSTS. */
  allowedHosts?: string[];
  /** Where data lives between runs. Default: DATA_DIR or `.data/`. */
  dataDir?: string;
  /** Keep DynamoDB in memory and S3 in a temporary folder removed on close (tests). */
  inMemory?: boolean;
  /** The built site. Default: `dist/web` at the repository root. */
  webDir?: string;
  /** E-mails that sign in as admins (sets ADMIN_EMAILS). Default: ADMIN_EMAILS from the environment. */
  adminEmails?: string[];
  /** Extra environment for the functions (for example SESSION_TTL_SECONDS), applied before they load. */
  env?: Record<string, string>;
  /**
   * `source` runs the handlers in this process from the TypeScript sources; `bundles` builds the Lambda
   * bundles as `cdk synth` does and runs each function in its own child process from a copy outside the
   * repository (local/bundles/). Default: VIGIL_HANDLERS or `source`.
   */
  handlers?: HandlersMode;
}

export type HandlersMode = 'source' | 'bundles';

export interface RunningServer {
  /** The site's URL, also PUBLIC_URL: `http://localhost:<port>`. */
  url: string;
  port: number;
  dataDir: string;
  handlers: HandlersMode;
  /** Bundles mode: the folder (outside the repository) the functions run from. */
  bundleDir?: string;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

const REPO_ROOT = resolve(__dirname, '..');
/** The account area's function name at the local Lambda stand-in (ACCOUNT_FUNCTION_NAME). */
const LOCAL_ACCOUNT_FUNCTION = 'vigil-account';
/** The data export function's name at the local Lambda stand-in (EXPORT_FUNCTION_NAME). */
const LOCAL_EXPORT_FUNCTION = 'vigil-account-export';
const SANDBOX_PREFIX = '/sandbox';
/** The local agent account (issue 23): signing in with it opens the agent console. AGENT_EMAILS replaces it. */
export const DEFAULT_AGENT_EMAIL = 'agent@vigil.local';
let running = false;

/**
 * Starts the whole local runtime in this process: dynalite, s3rver, the IdP at /idp, the API gateway at
 * /api, the sandbox web at /sandbox (when built), and the site with SPA fallback. Only one can run per
 * process at a time, because the functions read their configuration from process.env.
 */
export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  // Before anything starts: a network interface must be asked for (local/listen-host.ts).
  checkListenHost(opts.host ?? process.env.HOST ?? '127.0.0.1', opts.allowNetwork ?? process.env.VIGIL_ALLOW_NETWORK === '1');
  if (running) throw new Error('a Vigil local server is already running in this process');
  running = true;
  const cleanups: Array<() => unknown> = [];
  try {
    return await start(opts, cleanups);
  } catch (err) {
    // A failed start undoes what it started (the listening server registers itself here too).
    for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => undefined);
    running = false;
    throw err;
  }
}

async function start(opts: ServerOptions, cleanups: Array<() => unknown>): Promise<RunningServer> {
  const dataDir = resolve(opts.dataDir ?? process.env.DATA_DIR ?? '.data');
  const webDir = resolve(opts.webDir ?? join(REPO_ROOT, 'dist', 'web'));
  let handle: Handler = (_req, res) => sendText(res, 503, 'Vigil is starting, try again in a moment.');

  const listenHost = opts.host ?? process.env.HOST ?? '127.0.0.1';
  const server = createServer((req, res) => dispatch(req, res, handle));
  // Node closes an idle keep-alive connection after 5 s; a client that reuses it just then (a browser, Playwright's
  // request context after a long scan) reads ECONNRESET. CloudFront and API Gateway keep connections for about a
  // minute, so the local server does too; headersTimeout must stay above keepAliveTimeout.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? Number(process.env.PORT ?? 3000), listenHost, () => ok());
  });
  cleanups.push(() => closeServer(server));
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;

  let dynamo: RunningDynamo;
  let s3Dir: string;
  if (opts.inMemory) {
    dynamo = await startDynalite();
    s3Dir = mkdtempSync(join(tmpdir(), 'vigil-s3-'));
    cleanups.push(() => rmSync(s3Dir, { recursive: true, force: true }));
  } else {
    mkdirSync(dataDir, { recursive: true });
    dynamo = await startDynalite({ path: join(dataDir, 'dynamo') });
    s3Dir = join(dataDir, 's3');
  }
  cleanups.push(() => dynamo.close());

  const metricsDir = opts.inMemory ? mkdtempSync(join(tmpdir(), 'vigil-metrics-')) : join(dataDir, 'metrics');
  if (opts.inMemory) cleanups.push(() => rmSync(metricsDir, { recursive: true, force: true }));
  configureEnvironment({ url, port, dataDir, metricsDir, dynamoEndpoint: dynamo.endpoint, opts });
  const cfg = config();
  await ensureTable(dynamo.endpoint, cfg.tableName, cfg.region);
  // Closes the clients the functions made on this configuration (the table's, S3's, ...).
  cleanups.push(() => resetConfig());

  const s3 = await startS3({ directory: s3Dir, buckets: [cfg.uploadsBucket, cfg.noticesBucket] });
  cleanups.push(() => s3.close());

  const idp = await createIdp({
    publicUrl: url,
    dynamoEndpoint: dynamo.endpoint,
    clientId: cfg.oidcClientId,
    adminEmails: () => parseList(process.env.ADMIN_EMAILS),
    adminGroup: cfg.adminGroup,
    // The company's DMCA agents (issue 23): AGENT_EMAILS, else the one local agent account.
    agentEmails: () => parseList(process.env.AGENT_EMAILS ?? DEFAULT_AGENT_EMAIL),
    agentGroup: cfg.agentGroup,
    registrationStatus: () => publicStatus(),
  });
  cleanups.push(() => idp.close());

  const sandboxOrigin = `${url}${SANDBOX_PREFIX}`;
  const sandbox = createSandbox({
    origin: sandboxOrigin,
    dataDir: opts.inMemory ? undefined : join(dataDir, 'sandbox'),
    // The simulated hosts' takedown policies (issue 23) are drawn from this seed.
    ...(process.env.SANDBOX_TAKEDOWN_SEED ? { takedownSeed: process.env.SANDBOX_TAKEDOWN_SEED } : {}),
    // How long a `reuploads` host waits before putting a removed copy back (bench:takedown shortens it).
    ...(process.env.SANDBOX_REUPLOAD_AFTER_MS ? { reuploadAfterMs: Number(process.env.SANDBOX_REUPLOAD_AFTER_MS) } : {}),
  });
  cleanups.push(() => sandbox.close());

  const handlers = opts.handlers ?? handlersMode(process.env.VIGIL_HANDLERS);
  let pool: BundlePool | undefined;
  if (handlers === 'bundles') {
    const started = Date.now();
    const built = await buildBundles();
    cleanups.push(() => rmSync(built.dir, { recursive: true, force: true }));
    const bundles = new BundlePool(built);
    cleanups.push(() => bundles.close());
    pool = bundles;
    logger.info('bundles built', { dir: built.dir, functions: built.bundles.size, ms: Date.now() - started });
  }

  // Step Functions: the ASL that CDK deploys, run in-process behind the real SDK protocol.
  // Executions are kept under DATA_DIR: one that a stop (Ctrl-C, kill -9) interrupted in a Wait (the submission's
  // re-check wait) resumes at the next start with its deadline; one interrupted anywhere else is ended then,
  // and any that fails ends its scan or case through the same function AWS's EventBridge rule runs.
  const workflows = await startLocalWorkflows({
    ...(pool ? { invokeTask: (name: string, input: unknown) => pool.invoke(name, input) } : {}),
    stateFile: opts.inMemory ? undefined : join(dataDir, 'stepfunctions', 'executions.json'),
    onStopped: (e) =>
      pool
        ? pool.invoke('ExecutionEnded', { source: 'aws.states', 'detail-type': 'Step Functions Execution Status Change', detail: e })
        : endAbandonedExecution(e),
  });
  cleanups.push(() => workflows.close());

  // The same rule as the synth: a re-check the submission execution could not outlive is refused.
  const recheckAfterSeconds = process.env.RECHECK_AFTER_SECONDS ?? '60';
  checkRecheckAfterSeconds(Number(recheckAfterSeconds));
  const reemergenceSeconds = reemergenceEverySeconds(process.env.REEMERGENCE_EVERY_SECONDS);

  // Lambda's asynchronous invocations: the admin function asks the account function (the only holder of the
  // Stripe keys) to put a discount on the user's subscription (functions/services/billing/discount-sync.ts), and
  // the account function hands data exports to the export function.
  const lambda = await startLambda({
    [LOCAL_ACCOUNT_FUNCTION]: (payload) =>
      pool ? pool.invoke('account', payload) : import('../functions/http/account/index').then((m) => m.handler(payload as never, {} as never)),
    // The account function hands a queued data export to the export function (issue 27).
    [LOCAL_EXPORT_FUNCTION]: (payload) =>
      pool ? pool.invoke('AccountExport', payload) : import('../functions/jobs/account-export').then((m) => m.handler(payload as never, {} as never)),
  });
  cleanups.push(() => lambda.close());

  // Monitors on the Scheduler and SQS stand-ins (issue 27): each monitor's schedule fires into the monitor queue,
  // whose poller runs the consumer (its bundle in bundles mode), as EventBridge Scheduler and Lambda's SQS event
  // source do on AWS. Schedules are kept under DATA_DIR; queued messages are not (an occurrence due while the
  // runtime was stopped fires once at the next start).
  const scheduling = await startMonitorScheduling({
    tickMs: 1000,
    stateFile: opts.inMemory ? undefined : join(dataDir, 'scheduler', 'schedules.json'),
    consumer: async () =>
      pool ? (event) => pool.invoke('MonitorRunConsumer', event) as ReturnType<ConsumerHandler> : ((await import('../functions/jobs/monitor-runs')).handler as ConsumerHandler),
  });
  cleanups.push(() => scheduling.close());

  const outboxDir = process.env.OUTBOX_DIR ?? (opts.inMemory ? mkdtempSync(join(tmpdir(), 'vigil-outbox-')) : join(dataDir, 'outbox'));
  if (opts.inMemory && !process.env.OUTBOX_DIR) cleanups.push(() => rmSync(outboxDir, { recursive: true, force: true }));
  mkdirSync(outboxDir, { recursive: true });
  // The sandbox web stands in for the internet: providers without keys, RDAP, and the safe fetcher's exemption.
  setEnvironment({
    SANDBOX_ORIGIN: sandboxOrigin,
    RDAP_BASE_URL: process.env.RDAP_BASE_URL ?? `${sandboxOrigin}/rdap`,
    // The simulated hosts read the notices the outbox sends (issue 23: their takedown policies act on them).
    SANDBOX_INBOX_URL: `${sandboxOrigin}/control/inbox`,
    // The sandbox's .example sites resolve nowhere else; the abuse-contact lookup asks its DNS-over-HTTPS endpoint.
    DNS_OVER_HTTPS_URL: process.env.DNS_OVER_HTTPS_URL ?? `${sandboxOrigin}/dns/resolve`,
    // A notice's re-check waits a minute locally (a day on AWS), so a removal shows up while you watch.
    RECHECK_AFTER_SECONDS: recheckAfterSeconds,
    OUTBOX_DIR: outboxDir,
    ACCOUNT_FUNCTION_NAME: LOCAL_ACCOUNT_FUNCTION,
    EXPORT_FUNCTION_NAME: LOCAL_EXPORT_FUNCTION,
    LAMBDA_ENDPOINT: lambda.endpoint,
    ...workflows.env,
    ...scheduling.env,
    ...opts.env,
  });

  // Now that the functions' environment is complete: resume the waits and end the rest of what the last run left
  // running (within seconds of start).
  await workflows.recoverInterrupted();

  const gateway = pool
    ? createGateway({ load: async (area) => (event) => pool.invoke(area, event) as Promise<APIGatewayProxyResultV2> })
    : createGateway();
  const hosts = servedHosts(listenHost, port);
  if (!isLoopback(listenHost)) for (const h of opts.allowedHosts ?? parseList(process.env.VIGIL_ALLOWED_HOSTS)) hosts.add(h.toLowerCase());
  handle = hostCheck(url, hosts, router({ gateway, idp, s3, sandbox, webDir }));
  cleanups.push(startMonitorTicks(Number(process.env.MONITOR_TICK_SECONDS ?? 60), monitorDispatcher(pool)));
  cleanups.push(scheduling.poll());
  // Results past RESULT_RETENTION_DAYS go every day at 04:00 UTC, as the ResultRetention rule does on AWS (issue 27).
  cleanups.push(startDailyJob('result-retention', RESULT_RETENTION_HOUR_UTC, resultRetentionJob(pool)));
  // Removed copies and the sources where they appeared are re-checked every 4 hours, as the Reemergence rule does
  // on AWS (issue 25); REEMERGENCE_EVERY_SECONDS changes the period locally (0 turns it off).
  cleanups.push(startRateJob('reemergence', reemergenceSeconds * 1000, reemergenceJob(pool)));

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    dataDir,
    handlers,
    bundleDir: pool?.dir,
    close: () =>
      (closing ??= (async () => {
        // Stop taking requests first, then the stand-ins in reverse order of start (dynalite last, so it flushes).
        await closeServer(server);
        for (const c of cleanups.reverse()) await c();
        running = false;
      })()),
  };
}

/**
 * Points the functions at the stand-ins. Everything the runtime owns is set here, before any handler module
 * is loaded; what a person may choose (table and bucket names, client id, ADMIN_EMAILS, LOG_LEVEL,
 * SESSION_TTL_SECONDS) is kept when already set.
 */
function configureEnvironment(input: { url: string; port: number; dataDir: string; metricsDir: string; dynamoEndpoint: string; opts: ServerOptions }) {
  const { url, port, dataDir, metricsDir, dynamoEndpoint, opts } = input;
  const env = process.env;
  // Never let the local runtime reach a real AWS account with someone's own credentials.
  delete env.AWS_SESSION_TOKEN;
  delete env.AWS_PROFILE;
  // The local IdP is a public client with a standard end-session endpoint.
  delete env.OIDC_CLIENT_SECRET;
  delete env.OIDC_LOGOUT_URL;
  Object.assign(env, {
    AWS_REGION: env.AWS_REGION ?? 'us-east-1',
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_EC2_METADATA_DISABLED: 'true',
    // Request metrics (EMF) go to a log under DATA_DIR that the admin figures sum, as CloudWatch does on AWS
    // (functions/adapters/metrics); nothing is printed. Tracing (X-Ray) has no daemon here: off.
    POWERTOOLS_METRICS_DISABLED: env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    POWERTOOLS_TRACE_ENABLED: 'false',
    METRICS_LOG_DIR: metricsDir,
    DYNAMODB_ENDPOINT: dynamoEndpoint,
    // S3 is served by this server under /s3, so presigned URLs are same-origin for the site's CSP.
    S3_ENDPOINT: `${url}/s3`,
    TABLE_NAME: env.TABLE_NAME ?? 'vigil',
    UPLOADS_BUCKET: env.UPLOADS_BUCKET ?? 'vigil-uploads',
    NOTICES_BUCKET: env.NOTICES_BUCKET ?? 'vigil-notices',
    PUBLIC_URL: url,
    OIDC_ISSUER: `${url}/idp`,
    OIDC_CLIENT_ID: env.OIDC_CLIENT_ID ?? 'vigil-web',
    // Admin rights and disabled accounts are re-checked with the IdP: the local one answers Cognito's admin API.
    COGNITO_USER_POOL_ID: 'local',
    COGNITO_ENDPOINT: `${url}/idp/cognito`,
    DATA_DIR: dataDir,
    PORT: String(port),
    // Plans apply at once and nothing is charged, unless BILLING=stripe or none is asked for (issue 10).
    BILLING: env.BILLING ?? 'demo',
    ...(opts.adminEmails ? { ADMIN_EMAILS: opts.adminEmails.join(',') } : {}),
    // The monthly platform report goes to the local administrators unless told otherwise.
    ...((env.REPORT_RECIPIENTS ?? opts.adminEmails?.join(',') ?? env.ADMIN_EMAILS)
      ? { REPORT_RECIPIENTS: env.REPORT_RECIPIENTS ?? opts.adminEmails?.join(',') ?? env.ADMIN_EMAILS! }
      : {}),
    ...opts.env,
  });
  resetConfig();
  // The logger was created when its module loaded; give it the level configured now.
  logger.setLogLevel(config().logLevel as Parameters<typeof logger.setLogLevel>[0]);
}

/** Sets more of the functions' environment after start-up (before any handler has loaded) and re-reads it. */
function setEnvironment(values: Record<string, string>): void {
  Object.assign(process.env, values);
  resetConfig();
}

function router(parts: { gateway: Handler; idp: RunningIdp; s3: RunningS3; sandbox: Handler; webDir: string }): Handler {
  const site = sirv(parts.webDir, {
    // Read from disk on every request, so a rebuild while the server runs is picked up.
    dev: true,
    etag: true,
    single: true,
    setHeaders: (res, pathname) => {
      // Vite puts content-hashed files under /assets; everything else must be revalidated.
      res.setHeader('cache-control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/api' || path.startsWith('/api/')) return parts.gateway(req, res);
    if (path === '/idp' || path.startsWith('/idp/')) return parts.idp.handle(req, res);
    if (path.startsWith('/s3/')) return parts.s3.handle(req, res, '/s3');
    if (path === SANDBOX_PREFIX || path.startsWith(`${SANDBOX_PREFIX}/`)) return parts.sandbox(req, res);
    if (!existsSync(join(parts.webDir, 'index.html'))) return sendSiteMissing(res);
    return site(req, res, () => sendText(res, 404, 'Not found.'));
  };
}

/** The `Host` values the runtime answers to: localhost, 127.0.0.1 and [::1], and the interface it listens on. */
export function servedHosts(listenHost: string, port: number): Set<string> {
  const names = ['localhost', '127.0.0.1', '[::1]'];
  if (!['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(listenHost)) names.push(listenHost.includes(':') ? `[${listenHost}]` : listenHost);
  const hosts = new Set(names.map((n) => `${n}:${port}`));
  // A browser leaves the port out of Host when it is the scheme's default.
  if (port === 80) for (const n of names) hosts.add(n);
  return hosts;
}

/**
 * Answers only to the host names the runtime serves (421 otherwise), so a DNS-rebinding page whose name now
 * points at 127.0.0.1 gets nothing. A page request made on another loopback name than PUBLIC_URL's is
 * redirected to PUBLIC_URL first: the session cookie and the sign-in's return address belong to that origin.
 */
function hostCheck(publicUrl: string, hosts: Set<string>, next: Handler): Handler {
  const canonical = new URL(publicUrl).host;
  return (req, res) => {
    const host = (req.headers.host ?? '').toLowerCase();
    if (!hosts.has(host)) {
      req.resume();
      return sendText(res, 421, 'Misdirected request: this server does not serve that host name.');
    }
    const method = (req.method ?? 'GET').toUpperCase();
    if (host !== canonical && (method === 'GET' || method === 'HEAD')) {
      res.statusCode = 308;
      res.setHeader('location', `${publicUrl}${req.url ?? '/'}`);
      res.setHeader('cache-control', 'no-store');
      return res.end();
    }
    return next(req, res);
  };
}

/** Security headers and one structured log line for every response, whoever produced it. */
async function dispatch(req: IncomingMessage, res: ServerResponse, handle: Handler): Promise<void> {
  const started = process.hrtime.bigint();
  // The path only: query strings carry OIDC codes and state. Read now, as mounted handlers rewrite req.url.
  const path = (req.url ?? '/').split('?')[0];
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  res.once('finish', () => {
    logger.info('request', {
      method: req.method,
      path,
      status: res.statusCode,
      ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
    });
  });
  try {
    await handle(req, res);
  } catch (err) {
    logger.error('request failed', { path, error: err as Error });
    if (!res.headersSent) {
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }));
    } else {
      res.destroy();
    }
  }
}

/** Closes the listener and its connections; resolves at once if it is already closed. */
function closeServer(server: ReturnType<typeof createServer>): Promise<void> {
  return new Promise((ok) => {
    server.close(() => ok());
    server.closeAllConnections();
  });
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end(text);
}

function sendSiteMissing(res: ServerResponse): void {
  res.statusCode = 503;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vigil: site not built</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>The site is not built yet</h1><p>Run <code>npm run build:web</code>, then reload this page.
The API (<a href="/api/health">/api/health</a>) and sign-in already work.</p></body></html>`);
}

function handlersMode(value: string | undefined): HandlersMode {
  if (value === undefined || value === '' || value === 'source') return 'source';
  if (value === 'bundles') return 'bundles';
  throw new Error(`VIGIL_HANDLERS must be "source" or "bundles", got "${value}"`);
}

const parseList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/** `npm start` / `npm run serve`: start on PORT, print how to use it, stop cleanly on Ctrl-C. */
async function main(): Promise<void> {
  let app: RunningServer;
  try {
    app = await startServer();
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE') {
      console.error(`Port ${process.env.PORT ?? 3000} is already in use. Stop the other program or run with PORT=<another port>.`);
    } else {
      console.error('Vigil could not start:', e.message ?? e);
    }
    process.exit(1);
  }
  const admins = parseList(process.env.ADMIN_EMAILS);
  const webDir = join(REPO_ROOT, 'dist', 'web');
  console.log(
    [
      '',
      `  Vigil is running at ${app.url}`,
      '',
      '  Sign in: click "Sign In" and use any e-mail with a password of at least 8 characters.',
      '           The first sign-in with an e-mail creates that account; later ones need the same password.',
      `  Admins:  e-mails listed in ADMIN_EMAILS (comma-separated) ${admins.length ? `- now: ${admins.join(', ')}` : '- none set now'}.`,
      `  Agents:  e-mails listed in AGENT_EMAILS open the agent console (/agent) - now: ${parseList(process.env.AGENT_EMAILS ?? DEFAULT_AGENT_EMAIL).join(', ')}.`,
      `  Data:    ${app.dataDir} (kept between runs; delete it to start over).`,
      ...(isLoopback(process.env.HOST ?? '127.0.0.1')
        ? []
        : [`  WARNING: listening on ${process.env.HOST} (VIGIL_ALLOW_NETWORK=1): anyone who reaches this machine can sign in with any e-mail.`]),
      app.handlers === 'bundles'
        ? `  Code:    the Lambda bundles, each function in its own process, from ${app.bundleDir}.`
        : '  Code:    the TypeScript sources, in this process (VIGIL_HANDLERS=bundles runs the Lambda bundles).',
      ...(existsSync(join(webDir, 'index.html'))
        ? []
        : ['', `  The site is not built (${webDir} is missing): run \`npm run build:web\`, then reload.`]),
      '',
      '  Stop with Ctrl-C.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1); // a second Ctrl-C means "now"
    stopping = true;
    console.log(`\n  ${signal}: stopping Vigil and saving data...`);
    app.close().then(
      () => process.exit(0),
      (err) => {
        console.error('Vigil did not stop cleanly:', err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

if (require.main === module) void main();
