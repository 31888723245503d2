import * as z from 'zod';
import { SUPPORT_EMAIL as SANDBOX_SUPPORT_EMAIL } from '../../shared/help/support';

/**
 * Runtime configuration, read from the environment once per process. The same variables configure Lambda
 * (set by the CDK stacks) and the local runtime (set by local/server.ts); nothing branches on "am I local".
 */
/** Named points where the crash suite kills the runtime (VIGIL_CRASH_AT). */
export type CrashPoint = 'case-numbered';

const schema = z.object({
  AWS_REGION: z.string().default('us-east-1'),
  TABLE_NAME: z.string().default('vigil'),
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  UPLOADS_BUCKET: z.string().default('vigil-uploads'),
  NOTICES_BUCKET: z.string().default('vigil-notices'),
  /** The site's own origin: OIDC redirect URIs and the CSRF origin check derive from it. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().default('vigil-web'),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Cognito has no standard end_session endpoint: its `/logout` URL is configured here when needed. */
  OIDC_LOGOUT_URL: z.string().url().optional(),
  ADMIN_GROUP: z.string().default('admin'),
  /** The Cognito group of the company's DMCA agents (issue 23: the agent console). */
  AGENT_GROUP: z.string().default('agent'),
  SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(12 * 3600),
  SEARCH_STATE_MACHINE_ARN: z.string().optional(),
  SUBMISSION_STATE_MACHINE_ARN: z.string().optional(),
  BULK_SUBMISSION_STATE_MACHINE_ARN: z.string().optional(),
  /** The account erasure workflow (issue 27): started when a creator confirms the deletion of their account. */
  ACCOUNT_ERASURE_STATE_MACHINE_ARN: z.string().optional(),
  /**
   * How long scan results are kept (days): the retention job removes results older than this, with their
   * evidence files, unless a case was opened on them. 0 keeps them forever.
   */
  RESULT_RETENTION_DAYS: z.coerce.number().int().min(0).default(365),
  STEPFUNCTIONS_ENDPOINT: z.string().url().optional(),
  /** Set by Lambda to the function's memory; image decoding limits derive from it (functions/lib/decode-limits.ts). */
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: z.coerce.number().int().positive().default(1536),
  /** Cognito user pool the admin re-check and disabled-user check ask (unset: group claims of the sign-in only). */
  COGNITO_USER_POOL_ID: z.string().optional(),
  /** Endpoint of the Cognito API; the local runtime points it at its IdP's stand-in. */
  COGNITO_ENDPOINT: z.string().url().optional(),
  /** Local runtime only: every monitor cadence becomes this many seconds (demos, tests). Refused inside Lambda. */
  MONITOR_INTERVAL_OVERRIDE_SECONDS: z.coerce.number().int().min(5).optional(),
  /**
   * Crash suite only (local/tests/crash.test.ts): the process kills itself (SIGKILL) when it reaches this named
   * point (functions/lib/crash-point.ts). Refused inside Lambda.
   */
  VIGIL_CRASH_AT: z.enum(['case-numbered']).optional(),
  /** Most alert digests the digest tick sends per run; the rest wait for the next tick. */
  MONITOR_DISPATCH_LIMIT: z.coerce.number().int().min(1).max(500).default(25),
  /**
   * The platform's monthly provider-search budget (issue 27): scans and monitor runs are admitted while the month's
   * provider searches stay within it. Default 4,500: 90% of the assumed SerpApi plan's 5,000 (docs/OPERATIONS.md).
   */
  PLATFORM_PROVIDER_SEARCHES_PER_MONTH: z.coerce.number().int().min(0).default(4500),
  /** EventBridge Scheduler: the group holding one schedule per monitor, the queue they target and the role they use. */
  MONITOR_SCHEDULE_GROUP: z.string().default('vigil-monitors'),
  MONITOR_QUEUE_ARN: z.string().optional(),
  MONITOR_SCHEDULER_ROLE_ARN: z.string().optional(),
  /** Where a schedule's failed deliveries go (the monitor queue's dead-letter queue). */
  MONITOR_DLQ_ARN: z.string().optional(),
  /** Endpoint overrides: the local runtime's Scheduler and SQS stand-ins (local/stand-ins/scheduler.ts, sqs.ts). */
  SCHEDULER_ENDPOINT: z.string().url().optional(),
  SQS_ENDPOINT: z.string().url().optional(),
  /** Set by the Lambda runtime; its presence means "deployed", where local-only switches are refused. */
  AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),
  /**
   * How plan changes are paid (issue 10): `stripe`, `demo` (applied at once, nothing charged: `npm start` only) or
   * `none` (upgrades refused with 503). Unset is `none`, so a deployment without Stripe fails closed.
   */
  BILLING: z.enum(['demo', 'stripe', 'none']).default('none'),
  /** Secrets Manager secret holding `{"secretKey", "webhookSecret"}` (on AWS; the account function alone reads it). */
  STRIPE_SECRET_ARN: z.string().optional(),
  /** Stripe keys straight from the environment: the local runtime and tests only (never set by the CDK stacks). */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Stripe API endpoint override (the local fake in tests); Stripe's own API otherwise. */
  STRIPE_ENDPOINT: z.string().url().optional(),
  /**
   * The account function, which alone holds the Stripe secret: the admin function asks it (an asynchronous Lambda
   * invocation) to put an administrator's discount on the user's Stripe subscription at once (issue 10).
   */
  ACCOUNT_FUNCTION_NAME: z.string().optional(),
  /** The function that builds data exports (issue 27), invoked asynchronously by the account function. */
  EXPORT_FUNCTION_NAME: z.string().optional(),
  /** Lambda API endpoint override: the local runtime's Lambda stand-in (local/stand-ins/lambda.ts). */
  LAMBDA_ENDPOINT: z.string().url().optional(),
  /** The contact form's inbox: `supportEmail` of the CDK context on AWS; locally the sandbox address. */
  SUPPORT_EMAIL: z.string().email().default(SANDBOX_SUPPORT_EMAIL),
  /**
   * Local runtime and tests: request metrics (EMF) are appended to a log in this folder and the admin figures
   * sum it, instead of stdout and CloudWatch (functions/adapters/metrics). Never set by the CDK stacks.
   */
  METRICS_LOG_DIR: z.string().optional(),
  /**
   * Local runtime and tests only: the matcher keeps the hashes of this many files (reference files and pictures
   * found on the web) in memory, by their content, so the same file hashed again (one demo photo scanned over and
   * over in a test file or an e2e run, the sandbox's copies found run after run) is hashed once
   * (functions/matching/index.ts). 0 (the default) keeps none. Refused inside Lambda.
   */
  REFERENCE_HASH_MEMO_ENTRIES: z.coerce.number().int().min(0).default(0),
});

export interface Config {
  region: string;
  tableName: string;
  dynamoEndpoint?: string;
  s3Endpoint?: string;
  uploadsBucket: string;
  noticesBucket: string;
  publicUrl: string;
  publicOrigin: string;
  oidcIssuer?: string;
  oidcClientId: string;
  oidcClientSecret?: string;
  oidcLogoutUrl?: string;
  adminGroup: string;
  agentGroup: string;
  sessionTtlSeconds: number;
  searchStateMachineArn?: string;
  submissionStateMachineArn?: string;
  bulkSubmissionStateMachineArn?: string;
  accountErasureStateMachineArn?: string;
  resultRetentionDays: number;
  stepFunctionsEndpoint?: string;
  logLevel: string;
  billingMode: 'demo' | 'stripe' | 'none';
  stripeSecretArn?: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  stripeEndpoint?: string;
  accountFunctionName?: string;
  exportFunctionName?: string;
  lambdaEndpoint?: string;
  supportEmail: string;
  functionMemoryMb: number;
  cognitoUserPoolId?: string;
  cognitoEndpoint?: string;
  monitorIntervalOverrideSeconds?: number;
  crashAt?: CrashPoint;
  monitorDispatchLimit: number;
  metricsLogDir?: string;
  referenceHashMemoEntries: number;
  platformProviderSearchesPerMonth: number;
  monitorScheduleGroup: string;
  monitorQueueArn?: string;
  monitorSchedulerRoleArn?: string;
  monitorDlqArn?: string;
  schedulerEndpoint?: string;
  sqsEndpoint?: string;
}

let cached: Config | undefined;

export function config(): Config {
  if (cached) return cached;
  const env = schema.parse(process.env);
  if (env.VIGIL_CRASH_AT !== undefined && env.AWS_LAMBDA_FUNCTION_NAME) {
    throw new Error('VIGIL_CRASH_AT is for the local crash suite only and is refused on AWS.');
  }
  if (env.MONITOR_INTERVAL_OVERRIDE_SECONDS !== undefined && env.AWS_LAMBDA_FUNCTION_NAME) {
    throw new Error('MONITOR_INTERVAL_OVERRIDE_SECONDS is for the local runtime only and is refused on AWS.');
  }
  if (env.REFERENCE_HASH_MEMO_ENTRIES > 0 && env.AWS_LAMBDA_FUNCTION_NAME) {
    throw new Error('REFERENCE_HASH_MEMO_ENTRIES is for the local runtime and tests only and is refused on AWS.');
  }
  cached = {
    region: env.AWS_REGION,
    tableName: env.TABLE_NAME,
    dynamoEndpoint: env.DYNAMODB_ENDPOINT,
    s3Endpoint: env.S3_ENDPOINT,
    uploadsBucket: env.UPLOADS_BUCKET,
    noticesBucket: env.NOTICES_BUCKET,
    publicUrl: env.PUBLIC_URL.replace(/\/$/, ''),
    publicOrigin: new URL(env.PUBLIC_URL).origin,
    oidcIssuer: env.OIDC_ISSUER,
    oidcClientId: env.OIDC_CLIENT_ID,
    oidcClientSecret: env.OIDC_CLIENT_SECRET,
    oidcLogoutUrl: env.OIDC_LOGOUT_URL,
    adminGroup: env.ADMIN_GROUP,
    agentGroup: env.AGENT_GROUP,
    sessionTtlSeconds: env.SESSION_TTL_SECONDS,
    searchStateMachineArn: env.SEARCH_STATE_MACHINE_ARN,
    submissionStateMachineArn: env.SUBMISSION_STATE_MACHINE_ARN,
    bulkSubmissionStateMachineArn: env.BULK_SUBMISSION_STATE_MACHINE_ARN,
    accountErasureStateMachineArn: env.ACCOUNT_ERASURE_STATE_MACHINE_ARN,
    resultRetentionDays: env.RESULT_RETENTION_DAYS,
    stepFunctionsEndpoint: env.STEPFUNCTIONS_ENDPOINT,
    logLevel: env.LOG_LEVEL,
    billingMode: env.BILLING,
    stripeSecretArn: env.STRIPE_SECRET_ARN?.trim() || undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY?.trim() || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || undefined,
    stripeEndpoint: env.STRIPE_ENDPOINT,
    accountFunctionName: env.ACCOUNT_FUNCTION_NAME?.trim() || undefined,
    exportFunctionName: env.EXPORT_FUNCTION_NAME?.trim() || undefined,
    lambdaEndpoint: env.LAMBDA_ENDPOINT,
    supportEmail: env.SUPPORT_EMAIL,
    functionMemoryMb: env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
    cognitoUserPoolId: env.COGNITO_USER_POOL_ID,
    cognitoEndpoint: env.COGNITO_ENDPOINT,
    monitorIntervalOverrideSeconds: env.MONITOR_INTERVAL_OVERRIDE_SECONDS,
    crashAt: env.VIGIL_CRASH_AT,
    monitorDispatchLimit: env.MONITOR_DISPATCH_LIMIT,
    metricsLogDir: env.METRICS_LOG_DIR?.trim() || undefined,
    referenceHashMemoEntries: env.REFERENCE_HASH_MEMO_ENTRIES,
    platformProviderSearchesPerMonth: env.PLATFORM_PROVIDER_SEARCHES_PER_MONTH,
    monitorScheduleGroup: env.MONITOR_SCHEDULE_GROUP,
    monitorQueueArn: env.MONITOR_QUEUE_ARN?.trim() || undefined,
    monitorSchedulerRoleArn: env.MONITOR_SCHEDULER_ROLE_ARN?.trim() || undefined,
    monitorDlqArn: env.MONITOR_DLQ_ARN?.trim() || undefined,
    schedulerEndpoint: env.SCHEDULER_ENDPOINT,
    sqsEndpoint: env.SQS_ENDPOINT,
  };
  return cached;
}

/** What `perConfig` values do when the configuration is forgotten: close and drop what they hold. */
const forgetters = new Set<() => void>();

/**
 * Forgets the cached configuration so the next call re-reads the environment (tests, local runtime start), and
 * with it every value made by `perConfig` (closed now, made again on next use).
 */
export function resetConfig(): void {
  cached = undefined;
  for (const forget of forgetters) forget();
}

/**
 * A value made once per configuration (an SDK client, a mail sender, a secret read), so a process that changes
 * its configuration calls `resetConfig()` and never a reset hook per module. `dispose` closes a dropped value.
 */
export function perConfig<T>(make: () => T, dispose?: (value: T) => void): () => T {
  let held: { value: T } | undefined;
  forgetters.add(() => {
    if (held && dispose) dispose(held.value);
    held = undefined;
  });
  return () => (held ??= { value: make() }).value;
}

/**
 * Variables read at call time rather than once per process: tests and the local runtime change them while a
 * process runs. The groups below (mail, assistant, agent identity, DNS, re-check wait, search providers) are
 * parsed here from an environment record a test may pass. This is the one place in `functions/` that touches
 * `process.env`; everything else asks here and takes typed values.
 */
export type Environment = Readonly<Record<string, string | undefined>>;

/** The process environment, the default record of the readers below. */
function environment(): Environment {
  return process.env;
}

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const liveSchema = z.object({
  /** The local sandbox web's origin: its URLs stand for simulated sites (local runtime only). */
  SANDBOX_ORIGIN: optionalText.pipe(z.string().url().optional()),
  RDAP_BASE_URL: optionalText.pipe(z.string().url().optional()),
  /** Administrators who receive the monthly platform report, comma-separated (the local runtime uses ADMIN_EMAILS). */
  REPORT_RECIPIENTS: optionalText,
  FFMPEG_PATH: z.string().default('/usr/bin/ffmpeg'),
  FFPROBE_PATH: z.string().default('/usr/bin/ffprobe'),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).catch('INFO').default('INFO'),
});

/** Call-time getters, validated on every read (cheap: a handful of variables). */
export const live = {
  sandboxOrigin: () => liveSchema.shape.SANDBOX_ORIGIN.parse(process.env.SANDBOX_ORIGIN),
  rdapBaseUrl: () => liveSchema.shape.RDAP_BASE_URL.parse(process.env.RDAP_BASE_URL),
  reportRecipients: (): string[] =>
    (liveSchema.shape.REPORT_RECIPIENTS.parse(process.env.REPORT_RECIPIENTS) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ffmpegPath: () => liveSchema.shape.FFMPEG_PATH.parse(process.env.FFMPEG_PATH),
  ffprobePath: () => liveSchema.shape.FFPROBE_PATH.parse(process.env.FFPROBE_PATH),
  logLevel: () => liveSchema.shape.LOG_LEVEL.parse(process.env.LOG_LEVEL),
};

/*
 * The groups of variables read at call time (tests and the local runtime change them while a process runs).
 * Each reader takes an environment record (the process's by default) so a test can pass its own, validates it
 * and returns typed values; a variable set to something invalid is an error naming it.
 */

/** Reads `schema` from `env`, throwing one error that names every invalid variable. */
function parseGroup<T>(group: string, schema: z.ZodType<T>, env: Environment): T {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw new Error(`Invalid ${group} configuration: ${problems}`);
}

/** The chat assistant (services/assistant/create-assistant.ts). */
export interface AssistantConfig {
  /** Bedrock model or inference profile id; when absent the offline (help-centre) assistant is used. */
  bedrockModelId?: string;
  region: string;
  /** Endpoint override (a VPC endpoint, or a loopback fixture in tests). */
  bedrockEndpoint?: string;
  /** Per-call time limit; API Gateway gives up after 30 s, so stay well below. */
  requestTimeoutMs: number;
}

const assistantSchema = z.object({
  BEDROCK_MODEL_ID: z.string().trim().optional(),
  BEDROCK_REGION: z.string().optional(),
  AWS_REGION: z.string().default('us-east-1'),
  BEDROCK_ENDPOINT: z.string().url().optional(),
  BEDROCK_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
});

/** BEDROCK_MODEL_ID (unset or empty: offline assistant), BEDROCK_REGION (default AWS_REGION), BEDROCK_ENDPOINT, BEDROCK_TIMEOUT_MS. */
export function assistantConfig(env: Environment = environment()): AssistantConfig {
  const e = parseGroup('assistant', assistantSchema, env);
  return {
    bedrockModelId: e.BEDROCK_MODEL_ID || undefined,
    region: e.BEDROCK_REGION ?? e.AWS_REGION,
    bedrockEndpoint: e.BEDROCK_ENDPOINT,
    requestTimeoutMs: e.BEDROCK_TIMEOUT_MS,
  };
}

/** The mail sender (adapters/mail/create-mail-sender.ts). */
export interface MailConfig {
  /** Set: messages are written as .eml files here (the local runtime sets DATA_DIR/outbox). */
  outboxDir?: string;
  /**
   * Set (local runtime only): every message written to the outbox is also handed to the sandbox web's inbox,
   * where the simulated hosts act on takedown notices (issue 23). Never set on AWS.
   */
  sandboxInboxUrl?: string;
  /** The address the deployment may send as (SES-verified on AWS). Optional locally. */
  mailFrom?: string;
  /** SES endpoint override (tests, a local SES stand-in). */
  sesEndpoint?: string;
  sesConfigurationSet?: string;
  region: string;
}

const mailSchema = z.object({
  OUTBOX_DIR: optionalText,
  SANDBOX_INBOX_URL: optionalText.pipe(z.string().url().optional()),
  MAIL_FROM: optionalText,
  SES_ENDPOINT: optionalText.pipe(z.string().url().optional()),
  SES_CONFIGURATION_SET: optionalText,
  AWS_REGION: z.string().default('us-east-1'),
});

/** OUTBOX_DIR, SANDBOX_INBOX_URL, MAIL_FROM, SES_ENDPOINT, SES_CONFIGURATION_SET, AWS_REGION. */
export function mailConfig(env: Environment = environment()): MailConfig {
  const e = parseGroup('mail', mailSchema, env);
  return { outboxDir: e.OUTBOX_DIR, sandboxInboxUrl: e.SANDBOX_INBOX_URL, mailFrom: e.MAIL_FROM, sesEndpoint: e.SES_ENDPOINT, sesConfigurationSet: e.SES_CONFIGURATION_SET, region: e.AWS_REGION };
}

/** DNS_OVER_HTTPS_URL: the DNS-over-HTTPS endpoint host names are resolved through, or undefined (the system resolver). */
export function dnsOverHttpsUrl(env: Environment = environment()): string | undefined {
  return parseGroup('DNS', z.object({ DNS_OVER_HTTPS_URL: optionalText.pipe(z.string().url().optional()) }), env).DNS_OVER_HTTPS_URL;
}

/**
 * DELISTING_CHECKS: how many times the ladder's last rung checks the engines before it stops a case whose delisting
 * requests are undecided (issue 23), 1 to 30; default `fallback` (the workflow's DELISTING_CHECKS, a week of daily
 * checks). The deployed stack leaves it unset; tests and local journeys raise it for their short waits.
 */
export function delistingChecks(fallback: number, env: Environment = environment()): number {
  const checks = z.preprocess((v) => (typeof v === 'string' && v.trim() ? Number(v) : undefined), z.number().int().min(1).max(30).optional());
  return parseGroup('delisting', z.object({ DELISTING_CHECKS: checks }), env).DELISTING_CHECKS ?? fallback;
}

/** Default wait before a submission's re-check: one day. */
export const DEFAULT_RECHECK_AFTER_SECONDS = 86_400;

/** RECHECK_AFTER_SECONDS: a whole number of seconds from 0 to a year (the CDK app checks the same), else one day. */
export function recheckAfterSeconds(env: Environment = environment()): number {
  const seconds = z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? Number(v) : undefined),
    z.number().int().min(0).max(365 * 86_400).optional(),
  );
  return parseGroup('re-check', z.object({ RECHECK_AFTER_SECONDS: seconds }), env).RECHECK_AFTER_SECONDS ?? DEFAULT_RECHECK_AFTER_SECONDS;
}

/** The company's DMCA agent every notice is filed under (services/notices/agent-identity.ts). */
export interface AgentIdentity {
  /** The agent's name as it appears in the contact block ("Name" on the search engines' forms). */
  name: string;
  /** The company the agent acts for ("Company" on the forms). */
  company: string;
  /** Postal address, one string; newlines or semicolons separate its lines. */
  address: string;
  email: string;
  phone: string;
  /** Name typed after "/s/" as the electronic signature. */
  signatureName: string;
}

/** Clearly fictional local values (example.com, a 555-01xx number), so a local notice is never mistaken for a real one. */
export const AGENT_DEFAULTS: AgentIdentity = {
  name: 'Vigil DMCA Agent',
  company: 'Vigil Content Protection, Inc.',
  address: '100 Example Avenue, Suite 400; Springfield, CA 90000; United States',
  email: 'dmca-agent@example.com',
  phone: '+1 (555) 010-0199',
  signatureName: 'Vigil Content Protection, Inc., DMCA Agent',
};

const agentText = optionalText.pipe(z.string().min(1).optional());
const agentSchema = z.object({
  AGENT_NAME: agentText,
  AGENT_COMPANY: agentText,
  AGENT_ADDRESS: agentText,
  AGENT_EMAIL: optionalText.pipe(z.string().email().optional()),
  AGENT_PHONE: agentText,
  AGENT_SIGNATURE_NAME: agentText,
});

/**
 * AGENT_NAME, AGENT_COMPANY, AGENT_ADDRESS, AGENT_EMAIL, AGENT_PHONE, AGENT_SIGNATURE_NAME; empty counts as unset
 * (the defaults above). A malformed AGENT_EMAIL is an error naming it, so a misconfigured deployment fails at
 * start rather than sending notices with a bad contact address.
 */
export function agentIdentityConfig(env: Environment = environment()): AgentIdentity {
  const e = parseGroup('agent identity', agentSchema, env);
  return {
    name: e.AGENT_NAME ?? AGENT_DEFAULTS.name,
    company: e.AGENT_COMPANY ?? AGENT_DEFAULTS.company,
    address: e.AGENT_ADDRESS ?? AGENT_DEFAULTS.address,
    email: e.AGENT_EMAIL ?? AGENT_DEFAULTS.email,
    phone: e.AGENT_PHONE ?? AGENT_DEFAULTS.phone,
    signatureName: e.AGENT_SIGNATURE_NAME ?? AGENT_DEFAULTS.signatureName,
  };
}

/** Search provider keys; a missing key turns that provider off (the sandbox stands in when configured). */
export interface ProviderKeys {
  serpapiKey?: string;
  braveKey?: string;
  tineyeKey?: string;
  googleCseKey?: string;
  googleCseCx?: string;
}

/** The search providers' settings (adapters/providers/config.ts turns them into a ProviderConfig). */
export interface ProviderSettings {
  /** The keys from the environment (used when no secret is named). */
  keys: ProviderKeys;
  /** Secrets Manager secret holding the keys (on AWS), and where to ask for it. */
  secretArn?: string;
  secretsRegion?: string;
  secretsEndpoint?: string;
  serpapiBaseUrl: string;
  braveBaseUrl: string;
  tineyeBaseUrl: string;
  googleCseBaseUrl: string;
  /** The sandbox web's base URL (e.g. http://localhost:3000/sandbox); providers without a key point at it. */
  sandboxOrigin?: string;
  /** Per-attempt time cap for one provider call. */
  timeoutMs: number;
  /** In-process retries on ThrottledError before it is left to the state machine. */
  retries: number;
  /** First backoff step when the provider does not say how long to wait. */
  retryBaseMs: number;
  /** A Retry-After longer than this is not waited for in-process (the state machine's Retry takes over). */
  maxRetryWaitMs: number;
}

const providerKeysSchema = z.object({
  SERPAPI_KEY: optionalText,
  BRAVE_API_KEY: optionalText,
  TINEYE_API_KEY: optionalText,
  GOOGLE_CSE_KEY: optionalText,
  GOOGLE_CSE_CX: optionalText,
});

/** Provider keys from a record with the variables' names: the environment, or the provider secret's JSON. */
export function providerKeysFrom(record: Record<string, unknown>): ProviderKeys {
  const k = parseGroup('provider keys', providerKeysSchema, record as Environment);
  return { serpapiKey: k.SERPAPI_KEY, braveKey: k.BRAVE_API_KEY, tineyeKey: k.TINEYE_API_KEY, googleCseKey: k.GOOGLE_CSE_KEY, googleCseCx: k.GOOGLE_CSE_CX };
}

const providerSchema = z.object({
  PROVIDER_SECRET_ARN: optionalText,
  AWS_REGION: optionalText,
  SECRETS_MANAGER_ENDPOINT: optionalText,
  SERPAPI_BASE_URL: z.string().url().default('https://serpapi.com'),
  BRAVE_BASE_URL: z.string().url().default('https://api.search.brave.com'),
  TINEYE_BASE_URL: z.string().url().default('https://api.tineye.com'),
  GOOGLE_CSE_BASE_URL: z.string().url().default('https://www.googleapis.com'),
  SANDBOX_ORIGIN: z.string().url().optional(),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  PROVIDER_RETRIES: z.coerce.number().int().min(0).default(2),
  PROVIDER_RETRY_BASE_MS: z.coerce.number().int().min(0).default(1_000),
  PROVIDER_MAX_RETRY_WAIT_MS: z.coerce.number().int().min(0).default(10_000),
});

const stripSlashes = (url: string) => url.replace(/\/+$/, '');

/** PROVIDER_SECRET_ARN or the keys, the providers' base URLs, SANDBOX_ORIGIN and the call limits. */
export function providerSettings(env: Environment = environment()): ProviderSettings {
  const e = parseGroup('search provider', providerSchema, env);
  return {
    keys: providerKeysFrom(env),
    secretArn: e.PROVIDER_SECRET_ARN,
    secretsRegion: e.AWS_REGION,
    secretsEndpoint: e.SECRETS_MANAGER_ENDPOINT,
    serpapiBaseUrl: stripSlashes(e.SERPAPI_BASE_URL),
    braveBaseUrl: stripSlashes(e.BRAVE_BASE_URL),
    tineyeBaseUrl: stripSlashes(e.TINEYE_BASE_URL),
    googleCseBaseUrl: stripSlashes(e.GOOGLE_CSE_BASE_URL),
    sandboxOrigin: e.SANDBOX_ORIGIN ? stripSlashes(e.SANDBOX_ORIGIN) : undefined,
    timeoutMs: e.PROVIDER_TIMEOUT_MS,
    retries: e.PROVIDER_RETRIES,
    retryBaseMs: e.PROVIDER_RETRY_BASE_MS,
    maxRetryWaitMs: e.PROVIDER_MAX_RETRY_WAIT_MS,
  };
}

/** The direct sources' settings (issue 25; adapters/sources/config.ts adds the site rules). */
export interface SourceSettings {
  /** Telegram's web preview origin (`https://t.me`); the sandbox's `/telegram` when SANDBOX_ORIGIN is set and this is not. */
  telegramBaseUrl: string;
  /** Where Reddit hands out application tokens (`https://www.reddit.com`) and where its API answers (`https://oauth.reddit.com`). */
  redditAuthBaseUrl: string;
  redditApiBaseUrl: string;
  /** Reddit application credentials (client credentials grant); without them Reddit is the sandbox's or off. */
  redditClientId?: string;
  redditClientSecret?: string;
  /** True when Reddit is the sandbox's (no credentials, SANDBOX_ORIGIN set). */
  redditSandbox: boolean;
  /**
   * True when Reddit's credentials are not in the environment but a provider secret is named (PROVIDER_SECRET_ARN,
   * on AWS): only the QuerySource task reads that secret, so the API accepts Reddit sources on its word and a run
   * whose secret lacks them ends that source's branch with the reason.
   */
  redditInSecret: boolean;
  /** The sandbox web's base URL: site rules are served under `<sandbox>/leaksites/<rule id>` when set. */
  sandboxOrigin?: string;
  /** The User-Agent every source request carries, naming Vigil and where to reach it. */
  userAgent: string;
  /** Requests a minute per host unless a rule says fewer (Reddit's own limit is per client id). */
  rateLimitPerMinute: number;
  /** Shortest gap between two requests to one host, in ms. */
  minIntervalMs: number;
  /** Largest page or API answer read, in bytes. */
  maxPageBytes: number;
  /** Time cap of one request, in ms. */
  timeoutMs: number;
  /** Sources whose robots.txt the operator chose not to honour (`telegram:<channel>`, `site:<rule id>`, `reddit:<sub>`), recorded here. */
  robotsExceptions: string[];
}

const sourceSchema = z.object({
  TELEGRAM_BASE_URL: optionalText.pipe(z.string().url().optional()),
  REDDIT_AUTH_BASE_URL: optionalText.pipe(z.string().url().optional()),
  REDDIT_API_BASE_URL: optionalText.pipe(z.string().url().optional()),
  REDDIT_CLIENT_ID: optionalText,
  REDDIT_CLIENT_SECRET: optionalText,
  SANDBOX_ORIGIN: optionalText.pipe(z.string().url().optional()),
  SOURCE_USER_AGENT: optionalText,
  SOURCE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(600).default(30),
  SOURCE_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  SOURCE_MAX_PAGE_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(3 * 1024 * 1024),
  SOURCE_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  SOURCE_ROBOTS_EXCEPTIONS: optionalText,
  PROVIDER_SECRET_ARN: optionalText,
});

/** The default User-Agent of source requests: who we are and where to read why. */
export const SOURCE_USER_AGENT = 'VigilBot/1.0 (copyright protection crawler; +https://vigil.example/bot)';

/**
 * TELEGRAM_BASE_URL, REDDIT_AUTH_BASE_URL, REDDIT_API_BASE_URL, REDDIT_CLIENT_ID, REDDIT_CLIENT_SECRET, SANDBOX_ORIGIN,
 * SOURCE_USER_AGENT, SOURCE_RATE_LIMIT_PER_MINUTE, SOURCE_MIN_INTERVAL_MS, SOURCE_MAX_PAGE_BYTES, SOURCE_TIMEOUT_MS,
 * SOURCE_ROBOTS_EXCEPTIONS (comma-separated). As with the search providers, what has no configuration is pointed at
 * the sandbox web when SANDBOX_ORIGIN is set (the local runtime), never on AWS. `reddit`: credentials read from the
 * provider secret, which win over the environment's.
 */
export function sourceSettings(env: Environment = environment(), reddit?: { clientId: string; clientSecret: string }): SourceSettings {
  const e = parseGroup('source', sourceSchema, env);
  const sandbox = e.SANDBOX_ORIGIN ? stripSlashes(e.SANDBOX_ORIGIN) : undefined;
  if (Boolean(e.REDDIT_CLIENT_ID) !== Boolean(e.REDDIT_CLIENT_SECRET)) {
    throw new Error('Invalid source configuration: REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET are set together or not at all');
  }
  // Credentials from the provider secret (adapters/sources/config.ts) win over the environment's.
  if (reddit) Object.assign(e, { REDDIT_CLIENT_ID: reddit.clientId, REDDIT_CLIENT_SECRET: reddit.clientSecret });
  const redditSandbox = !e.REDDIT_CLIENT_ID && sandbox !== undefined;
  const redditInSecret = !e.REDDIT_CLIENT_ID && e.PROVIDER_SECRET_ARN !== undefined;
  return {
    telegramBaseUrl: stripSlashes(e.TELEGRAM_BASE_URL ?? (sandbox ? `${sandbox}/telegram` : 'https://t.me')),
    redditAuthBaseUrl: stripSlashes(e.REDDIT_AUTH_BASE_URL ?? (redditSandbox ? `${sandbox}/reddit/www` : 'https://www.reddit.com')),
    redditApiBaseUrl: stripSlashes(e.REDDIT_API_BASE_URL ?? (redditSandbox ? `${sandbox}/reddit/oauth` : 'https://oauth.reddit.com')),
    redditClientId: e.REDDIT_CLIENT_ID ?? (redditSandbox ? 'sandbox' : undefined),
    redditClientSecret: e.REDDIT_CLIENT_SECRET ?? (redditSandbox ? 'sandbox' : undefined),
    redditSandbox,
    redditInSecret,
    sandboxOrigin: sandbox,
    userAgent: e.SOURCE_USER_AGENT ?? SOURCE_USER_AGENT,
    rateLimitPerMinute: e.SOURCE_RATE_LIMIT_PER_MINUTE,
    minIntervalMs: e.SOURCE_MIN_INTERVAL_MS,
    maxPageBytes: e.SOURCE_MAX_PAGE_BYTES,
    timeoutMs: e.SOURCE_TIMEOUT_MS,
    robotsExceptions: (e.SOURCE_ROBOTS_EXCEPTIONS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  };
}

/** Video sampling in Triage (issue 24; services/video-sampling): the limits per candidate and per scan. */
export interface VideoSamplingConfig {
  /** Bytes fetched per candidate video, the page and every range together (default 8 MiB). */
  maxBytesPerCandidate: number;
  /** Wall-clock time of all fetching for one candidate, in ms (default 30 s). */
  timeoutMs: number;
  /** Candidate videos sampled per scan, the rest are judged by their poster and names (default 24). */
  maxCandidatesPerScan: number;
  /** Frames taken from one candidate, spread over its whole duration (default 16). */
  framesPerCandidate: number;
}

const videoSamplingSchema = z.object({
  VIDEO_SAMPLE_MAX_BYTES: z.coerce.number().int().min(65_536).max(64 * 1024 * 1024).default(8 * 1024 * 1024),
  VIDEO_SAMPLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(30_000),
  VIDEO_SAMPLES_PER_SCAN: z.coerce.number().int().min(0).max(500).default(24),
  VIDEO_SAMPLE_FRAMES: z.coerce.number().int().min(2).max(60).default(16),
});

/** VIDEO_SAMPLE_MAX_BYTES, VIDEO_SAMPLE_TIMEOUT_MS, VIDEO_SAMPLES_PER_SCAN, VIDEO_SAMPLE_FRAMES. */
export function videoSamplingConfig(env: Environment = environment()): VideoSamplingConfig {
  const e = parseGroup('video sampling', videoSamplingSchema, env);
  return { maxBytesPerCandidate: e.VIDEO_SAMPLE_MAX_BYTES, timeoutMs: e.VIDEO_SAMPLE_TIMEOUT_MS, maxCandidatesPerScan: e.VIDEO_SAMPLES_PER_SCAN, framesPerCandidate: e.VIDEO_SAMPLE_FRAMES };
}
