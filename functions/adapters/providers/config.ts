import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import { perConfig, providerKeysFrom, providerSettings, type ProviderKeys, type ProviderSettings } from '../../lib/config';
import { captureClient } from '../../lib/tracer';

/** What the adapters take: the settings' base URLs and limits, with the keys in force (no secret to look up). */
export type ProviderConfig = ProviderKeys & Omit<ProviderSettings, 'keys' | 'secretArn' | 'secretsRegion' | 'secretsEndpoint'>;

/** The configuration the adapters take: the settings' base URLs and limits with the keys in force. */
export function providerConfigFrom(s: ProviderSettings = providerSettings(), keys: ProviderKeys = s.keys): ProviderConfig {
  return {
    ...keys,
    serpapiBaseUrl: s.serpapiBaseUrl,
    braveBaseUrl: s.braveBaseUrl,
    tineyeBaseUrl: s.tineyeBaseUrl,
    googleCseBaseUrl: s.googleCseBaseUrl,
    sandboxOrigin: s.sandboxOrigin,
    timeoutMs: s.timeoutMs,
    retries: s.retries,
    retryBaseMs: s.retryBaseMs,
    maxRetryWaitMs: s.maxRetryWaitMs,
  };
}

const SECRET_TTL_MS = 5 * 60_000;
/** The last secret read, kept per configuration. */
const secretCache = perConfig(() => ({ last: undefined as { arn: string; at: number; keys: ProviderKeys } | undefined }));

/**
 * Loads provider keys: from the Secrets Manager secret named by PROVIDER_SECRET_ARN when set (a JSON object
 * with the same names as the environment variables: SERPAPI_KEY, BRAVE_API_KEY, TINEYE_API_KEY, GOOGLE_CSE_KEY,
 * GOOGLE_CSE_CX), else from the environment. The secret is cached for five minutes per process so a rotated key
 * is picked up without a deploy.
 */
export async function loadProviderKeys(
  s: ProviderSettings = providerSettings(),
  deps: { secretsClient?: SecretsManagerClient; now?: () => number } = {},
): Promise<ProviderKeys> {
  const arn = s.secretArn;
  if (!arn) return s.keys;
  const now = deps.now?.() ?? Date.now();
  const cache = secretCache();
  if (cache.last && cache.last.arn === arn && now - cache.last.at < SECRET_TTL_MS) return cache.last.keys;
  const client =
    deps.secretsClient ??
    captureClient(new SecretsManagerClient({ region: s.secretsRegion, endpoint: s.secretsEndpoint }));
  const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  let parsed: unknown;
  try {
    parsed = JSON.parse(out.SecretString ?? '{}');
  } catch {
    throw new Error(`Provider secret ${arn} is not a JSON object`);
  }
  const keys = providerKeysFrom(z.record(z.string(), z.unknown()).parse(parsed));
  cache.last = { arn, at: now, keys };
  return keys;
}

/** Keys (secret or environment) plus the settings' base URLs and limits. */
export async function loadProviderConfig(s: ProviderSettings = providerSettings(), deps?: Parameters<typeof loadProviderKeys>[1]): Promise<ProviderConfig> {
  return providerConfigFrom(s, await loadProviderKeys(s, deps));
}
