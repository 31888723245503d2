import * as path from 'node:path';
import type { Construct } from 'constructs';

/** The repository root: entries, the lock file and dist/web are resolved from here, whatever the cwd. */
export const REPO_ROOT = path.resolve(__dirname, '..');

/**
 * Deployment settings, read from CDK context (`cdk.json` holds the defaults; `-c key=value` overrides).
 * See docs/OPERATIONS.md for what each one does.
 */
/** `-c stage=dev` (default) or `-c stage=prod`: separate stack names, so both can live in one account. */
export type Stage = 'dev' | 'prod';
export const STAGES: readonly Stage[] = ['dev', 'prod'];

/** The DMCA agent every notice is filed under; reaches the functions as AGENT_NAME, AGENT_COMPANY, ... */
export interface AgentIdentity {
  name?: string;
  company?: string;
  /** Lines separated by `;`. */
  address?: string;
  email?: string;
  phone?: string;
}

/** The settings a prod deployment must be given, all of them real (not example.com / .example). */
export const PROD_REQUIRED_KEYS = [
  'siteUrl',
  'mailFrom',
  'supportEmail',
  'alarmEmail',
  'agentName',
  'agentCompany',
  'agentAddress',
  'agentEmail',
  'agentPhone',
] as const;

/** An example value (RFC 2606/6761 names): fine for dev, never for prod. */
export const isExampleValue = (value: string): boolean => /\bexample\.(com|org|net)\b|\.example\b|@example\b/i.test(value);

export interface VigilContext {
  stage: Stage;
  /** The site's public origin (`https://vigil.example.com`): Cognito callbacks and PUBLIC_URL derive from it. */
  siteUrl: string;
  /** Prefix of the Cognito hosted-UI domain; globally unique per region. Default: `vigil-<account id>`. */
  authDomainPrefix?: string;
  /** ACM certificate (us-east-1) for siteUrl's host name; without it the distribution answers on its own domain. */
  certificateArn?: string;
  /** An existing WAFv2 web ACL (CLOUDFRONT scope, us-east-1) to attach to the distribution. */
  webAclArn?: string;
  /**
   * `managed`: the web stack creates a WAF web ACL (AWS managed rules and a per-IP rate limit) for the
   * distribution; `none`: no WAF. Default `managed` in prod (unless webAclArn is given), `none` in dev.
   */
  waf: 'managed' | 'none';
  /**
   * A regional ACM certificate (in the stacks' region) for siteUrl's host: the API gets that host as its own
   * custom domain and its execute-api endpoint is disabled, so every request comes through CloudFront. Default:
   * certificateArn (which works when the stacks are deployed in us-east-1). Unset (dev without a domain): the
   * execute-api endpoint stays on and is CloudFront's origin.
   */
  apiCertificateArn?: string;
  /** Require TOTP MFA for every user (the hosted UI enrols them at first sign-in). Default: optional. */
  requireMfa: boolean;
  logRetentionDays: number;
  apiRateLimit: number;
  apiBurstLimit: number;
  /** The SES account's 24-hour sending quota: the SES quota alarm fires at a pace that would use 80% of it. */
  sesDailyQuota: number;
  /**
   * The search provider plan's monthly searches (default 5,000): the provider spend alarm fires at a pace that would
   * use 80% of it, and the platform's provider-search budget (PLATFORM_PROVIDER_SEARCHES_PER_MONTH, issue 27), at
   * which scans and monitor runs stop before the provider's own quota, is 90% of it.
   */
  providerSearchesPerMonth: number;
  services: ExternalServices;
  /** The contact form's inbox (SUPPORT_EMAIL); unset: the functions' sandbox default (dev only). */
  supportEmail?: string;
  /** Where the alarm topic sends e-mail; unset: the topic has no subscription (dev only). */
  alarmEmail?: string;
  agent: AgentIdentity;
  /** Seconds between a notice and its re-check (RECHECK_AFTER_SECONDS); unset: the functions' default, a day. */
  recheckAfterSeconds?: number;
  /** Extra variables for every function (AGENT_NAME, PROVIDER_TIMEOUT_MS, ...); cannot override managed ones. */
  functionEnv: Record<string, string>;
  /**
   * How plan changes are paid (issue 10): `stripe` when `stripeSecretArn` is given, `none` otherwise (upgrades
   * answer 503). `-c billing=demo` (plans free, for a demonstration) is refused with `-c stage=prod`.
   */
  billingMode: 'demo' | 'stripe' | 'none';
  /** The AWS Budgets cost budget of the account, US dollars a month; it notifies the alarm topic at 80% and 100% forecast. */
  monthlyBudgetUsd: number;
}

/** Outside services whose use needs both a variable and an IAM grant; unset means the feature is off. */
export interface ExternalServices {
  /** Secrets Manager secret (full ARN) holding the search provider keys as JSON. */
  providerSecretArn?: string;
  /** SES-verified sender address (or an address of a verified domain). */
  mailFrom?: string;
  sesConfigurationSet?: string;
  /** Bedrock model id or cross-region inference profile id for the assistant. */
  bedrockModelId?: string;
  /** Secrets Manager secret (full ARN) holding `{"secretKey", "webhookSecret"}` for Stripe; read by the account function only. */
  stripeSecretArn?: string;
}

const SECRET_ARN = /^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:.+-[A-Za-z0-9]{6}$/;
const CERTIFICATE_ARN = /^arn:aws[\w-]*:acm:([\w-]+):\d{12}:certificate\/[\w-]+$/;

const DEFAULTS = {
  siteUrl: 'https://vigil.example.com',
  logRetentionDays: 30,
  apiRateLimit: 50,
  apiBurstLimit: 100,
  sesDailyQuota: 50_000,
  providerSearchesPerMonth: 5_000,
  monthlyBudgetUsd: 1000,
} as const;

/** Reads and checks Vigil's context values; a bad value fails the synth with a message naming the key. */
export function readVigilContext(scope: Construct): VigilContext {
  const get = (key: string): unknown => scope.node.tryGetContext(key);
  const str = (key: string): string | undefined => {
    const v = get(key);
    return v === undefined || v === null || v === '' ? undefined : String(v);
  };
  const num = (key: keyof typeof DEFAULTS & string, fallback: number): number => {
    const raw = get(key);
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`context ${key} must be a positive number, got ${String(raw)}`);
    return n;
  };

  const stage = (str('stage') ?? 'dev') as Stage;
  if (!STAGES.includes(stage)) throw new Error(`context stage must be one of ${STAGES.join(', ')}, got ${stage}`);
  if (stage === 'prod') {
    // Every problem in one message, so one deploy attempt tells the operator everything that is missing.
    const missing = PROD_REQUIRED_KEYS.filter((key) => {
      const value = str(key);
      return value === undefined || isExampleValue(value);
    });
    if (missing.length) {
      throw new Error(
        `-c stage=prod refuses example or missing settings; give a real value for each of: ${missing.join(', ')} ` +
          '(as -c key=value or in the context block of cdk.json; see docs/OPERATIONS.md, "Stages").',
      );
    }
  }

  const siteUrl = (str('siteUrl') ?? DEFAULTS.siteUrl).replace(/\/+$/, '');
  let parsed: URL;
  try {
    parsed = new URL(siteUrl);
  } catch {
    throw new Error(`context siteUrl must be an absolute URL such as https://vigil.example.com, got ${siteUrl}`);
  }
  // Cognito refuses http callback URLs except for localhost, and the session cookie is Secure behind https.
  if (parsed.protocol !== 'https:' || parsed.pathname !== '/') {
    throw new Error(`context siteUrl must be an https origin without a path, got ${siteUrl}`);
  }

  const functionEnv = get('functionEnv') ?? {};
  if (typeof functionEnv !== 'object' || Array.isArray(functionEnv)) throw new Error('context functionEnv must be an object of strings');
  for (const [k, v] of Object.entries(functionEnv)) {
    if (!/^[A-Z][A-Z0-9_]*$/.test(k) || typeof v !== 'string') throw new Error(`context functionEnv.${k} must be an UPPER_CASE name with a string value`);
  }
  const providerSecretArn = str('providerSecretArn');
  if (providerSecretArn && !/^arn:aws[\w-]*:secretsmanager:[\w-]+:\d{12}:secret:.+-[A-Za-z0-9]{6}$/.test(providerSecretArn)) {
    throw new Error(`context providerSecretArn must be the secret's full ARN (with its 6-character suffix), got ${providerSecretArn}`);
  }
  const stripeSecretArn = str('stripeSecretArn');
  if (stripeSecretArn && !SECRET_ARN.test(stripeSecretArn)) {
    throw new Error(`context stripeSecretArn must be the secret's full ARN (with its 6-character suffix), got ${stripeSecretArn}`);
  }
  const billing = str('billing');
  if (billing !== undefined && !['demo', 'stripe', 'none'].includes(billing)) throw new Error(`context billing must be demo, stripe or none, got ${billing}`);
  if (billing === 'stripe' && !stripeSecretArn) throw new Error('context billing=stripe needs -c stripeSecretArn=<the Stripe keys secret ARN>');
  if (billing === 'demo' && stage === 'prod') throw new Error('context billing=demo is refused with stage=prod: demo billing gives paid plans away');
  const billingMode = (billing ?? (stripeSecretArn ? 'stripe' : 'none')) as VigilContext['billingMode'];

  const certificateArn = str('certificateArn');
  const certificateRegion = certificateArn ? CERTIFICATE_ARN.exec(certificateArn)?.[1] : undefined;
  if (certificateArn && certificateRegion !== 'us-east-1') {
    throw new Error(`context certificateArn must be an ACM certificate ARN in us-east-1 (CloudFront reads certificates only there), got ${certificateArn}`);
  }
  const apiCertificateArn = str('apiCertificateArn') ?? certificateArn;
  if (apiCertificateArn && !CERTIFICATE_ARN.test(apiCertificateArn)) throw new Error(`context apiCertificateArn must be an ACM certificate ARN, got ${apiCertificateArn}`);
  const webAclArn = str('webAclArn');
  const waf = str('waf') ?? (stage === 'prod' && !webAclArn ? 'managed' : 'none');
  if (waf !== 'managed' && waf !== 'none') throw new Error(`context waf must be managed or none, got ${waf}`);
  if (waf === 'managed' && webAclArn) throw new Error('context waf=managed and webAclArn exclude each other: give one');

  if (stage === 'prod') {
    // Deploys that work the first time (issue 27): what a prod deploy without them would silently lack.
    const problems: string[] = [];
    if (!providerSecretArn) problems.push('providerSecretArn (the search provider keys secret: without it every scan finds nothing)');
    if (billingMode === 'none' && billing !== 'none') {
      problems.push('stripeSecretArn (the Stripe keys secret: without it upgrades answer 503), or -c billing=none to deploy without payments on purpose');
    }
    if (!certificateArn) problems.push('certificateArn (an ACM certificate in us-east-1 for the siteUrl host: prod serves its own domain, and the API is reached only through it)');
    if (problems.length) throw new Error(`-c stage=prod refuses to deploy without: ${problems.join('; ')}. See docs/OPERATIONS.md, "Stages".`);
  }
  const email = (key: string): string | undefined => {
    const value = str(key);
    if (value && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) throw new Error(`context ${key} must be an e-mail address, got ${value}`);
    return value;
  };
  const mailFrom = email('mailFrom');
  const agent: AgentIdentity = {
    name: str('agentName'),
    company: str('agentCompany'),
    address: str('agentAddress'),
    email: email('agentEmail'),
    phone: str('agentPhone'),
  };

  return {
    stage,
    siteUrl: parsed.origin,
    authDomainPrefix: str('authDomainPrefix'),
    certificateArn,
    webAclArn,
    waf,
    apiCertificateArn,
    requireMfa: [true, 'true'].includes(get('requireMfa') as string | boolean),
    logRetentionDays: num('logRetentionDays', DEFAULTS.logRetentionDays),
    apiRateLimit: num('apiRateLimit', DEFAULTS.apiRateLimit),
    apiBurstLimit: num('apiBurstLimit', DEFAULTS.apiBurstLimit),
    sesDailyQuota: num('sesDailyQuota', DEFAULTS.sesDailyQuota),
    providerSearchesPerMonth: num('providerSearchesPerMonth', DEFAULTS.providerSearchesPerMonth),
    services: {
      providerSecretArn,
      mailFrom,
      sesConfigurationSet: str('sesConfigurationSet'),
      bedrockModelId: str('bedrockModelId'),
      stripeSecretArn,
    },
    supportEmail: email('supportEmail'),
    alarmEmail: email('alarmEmail'),
    agent,
    recheckAfterSeconds: str('recheckAfterSeconds') === undefined ? undefined : Number(str('recheckAfterSeconds')),
    functionEnv: functionEnv as Record<string, string>,
    billingMode,
    monthlyBudgetUsd: num('monthlyBudgetUsd', DEFAULTS.monthlyBudgetUsd),
  };
}
