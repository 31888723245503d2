import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import { environment, type Environment } from '../../lib/config';
import { captureClient } from '../../lib/tracer';

/** Provider keys. Any missing key means that provider is off (and the sandbox stands in when configured). */
export interface ProviderKeys {
  serpapiKey?: string;
  braveKey?: string;
  tineyeKey?: string;
  googleCseKey?: string;
  googleCseCx?: string;
}

export interface ProviderConfig extends ProviderKeys {
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

type Env = Environment;

const nonEmpty = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const keysSchema = z.object({
  SERPAPI_KEY: nonEmpty,
  BRAVE_API_KEY: nonEmpty,
  TINEYE_API_KEY: nonEmpty,
  GOOGLE_CSE_KEY: nonEmpty,
  GOOGLE_CSE_CX: nonEmpty,
});

const envSchema = z.object({
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

function keysFrom(record: Record<string, unknown>): ProviderKeys {
  const k = keysSchema.parse(record);
  return {
    serpapiKey: k.SERPAPI_KEY,
    braveKey: k.BRAVE_API_KEY,
    tineyeKey: k.TINEYE_API_KEY,
    googleCseKey: k.GOOGLE_CSE_KEY,
    googleCseCx: k.GOOGLE_CSE_CX,
  };
}

const strip = (url: string) => url.replace(/\/+$/, '');

/** Builds the configuration from environment variables and already-loaded keys (synchronous; no AWS calls). */
export function providerConfigFromEnv(env: Env = environment(), keys: ProviderKeys = keysFrom(env)): ProviderConfig {
  const e = envSchema.parse(env);
  return {
    ...keys,
    serpapiBaseUrl: strip(e.SERPAPI_BASE_URL),
    braveBaseUrl: strip(e.BRAVE_BASE_URL),
    tineyeBaseUrl: strip(e.TINEYE_BASE_URL),
    googleCseBaseUrl: strip(e.GOOGLE_CSE_BASE_URL),
    sandboxOrigin: e.SANDBOX_ORIGIN ? strip(e.SANDBOX_ORIGIN) : undefined,
    timeoutMs: e.PROVIDER_TIMEOUT_MS,
    retries: e.PROVIDER_RETRIES,
    retryBaseMs: e.PROVIDER_RETRY_BASE_MS,
    maxRetryWaitMs: e.PROVIDER_MAX_RETRY_WAIT_MS,
  };
}

const SECRET_TTL_MS = 5 * 60_000;
let cachedSecret: { arn: string; at: number; keys: ProviderKeys } | undefined;

/**
 * Loads provider keys: from the Secrets Manager secret named by env PROVIDER_SECRET_ARN when set (a JSON object
 * with the same names as the environment variables: SERPAPI_KEY, BRAVE_API_KEY, TINEYE_API_KEY, GOOGLE_CSE_KEY,
 * GOOGLE_CSE_CX), else from the environment. The secret is cached for five minutes per process so a rotated key
 * is picked up without a deploy.
 */
export async function loadProviderKeys(
  env: Env = environment(),
  deps: { secretsClient?: SecretsManagerClient; now?: () => number } = {},
): Promise<ProviderKeys> {
  const arn = env.PROVIDER_SECRET_ARN;
  if (!arn) return keysFrom(env);
  const now = deps.now?.() ?? Date.now();
  if (cachedSecret && cachedSecret.arn === arn && now - cachedSecret.at < SECRET_TTL_MS) return cachedSecret.keys;
  const client =
    deps.secretsClient ??
    captureClient(new SecretsManagerClient({ region: env.AWS_REGION, endpoint: env.SECRETS_MANAGER_ENDPOINT || undefined }));
  const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  let parsed: unknown;
  try {
    parsed = JSON.parse(out.SecretString ?? '{}');
  } catch {
    throw new Error(`Provider secret ${arn} is not a JSON object`);
  }
  const keys = keysFrom(z.record(z.string(), z.unknown()).parse(parsed));
  cachedSecret = { arn, at: now, keys };
  return keys;
}

/** Keys (secret or environment) plus the environment's base URLs and limits. */
export async function loadProviderConfig(env: Env = environment(), deps?: Parameters<typeof loadProviderKeys>[1]): Promise<ProviderConfig> {
  return providerConfigFromEnv(env, await loadProviderKeys(env, deps));
}

/** Test hook: forgets the cached secret. */
export function resetProviderKeyCache(): void {
  cachedSecret = undefined;
}
