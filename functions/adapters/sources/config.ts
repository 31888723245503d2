import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import { perConfig, providerSettings, sourceSettings, type Environment, type SourceSettings } from '../../lib/config';
import { captureClient } from '../../lib/tracer';

const SECRET_TTL_MS = 5 * 60_000;
/** The last secret read, kept per configuration (as the search providers keep theirs). */
const secretCache = perConfig(() => ({ last: undefined as { arn: string; at: number; reddit?: { clientId: string; clientSecret: string } } | undefined }));

const redditSecret = z.object({ REDDIT_CLIENT_ID: z.string().trim().min(1), REDDIT_CLIENT_SECRET: z.string().trim().min(1) });

/**
 * The source settings, with Reddit's application credentials from where the search providers' keys are: the
 * Secrets Manager secret named by PROVIDER_SECRET_ARN, when its JSON holds REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET
 * next to SERPAPI_KEY and the rest (read at most every five minutes per process); else the environment's.
 */
export async function loadSourceSettings(
  env?: Environment,
  deps: { secretsClient?: SecretsManagerClient; now?: () => number } = {},
): Promise<SourceSettings> {
  const p = providerSettings(env);
  const arn = p.secretArn;
  if (!arn) return sourceSettings(env);
  const now = deps.now?.() ?? Date.now();
  const cache = secretCache();
  if (!cache.last || cache.last.arn !== arn || now - cache.last.at >= SECRET_TTL_MS) {
    const client = deps.secretsClient ?? captureClient(new SecretsManagerClient({ region: p.secretsRegion, endpoint: p.secretsEndpoint }));
    const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    let parsed: unknown;
    try {
      parsed = JSON.parse(out.SecretString ?? '{}');
    } catch {
      throw new Error(`Provider secret ${arn} is not a JSON object`);
    }
    const r = redditSecret.safeParse(parsed);
    cache.last = { arn, at: now, ...(r.success ? { reddit: { clientId: r.data.REDDIT_CLIENT_ID, clientSecret: r.data.REDDIT_CLIENT_SECRET } } : {}) };
  }
  return sourceSettings(env, cache.last.reddit);
}
