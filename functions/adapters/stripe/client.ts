import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import { config, perConfig } from '../../lib/config';
import { captureClient } from '../../lib/tracer';

/**
 * The Stripe client and keys. On AWS the keys live in one Secrets Manager secret (`STRIPE_SECRET_ARN`, JSON
 * `{"secretKey": "sk_...", "webhookSecret": "whsec_..."}`) that only the account function may read, so no Stripe
 * value is ever in a function's environment; locally and in tests they may come from STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET. STRIPE_ENDPOINT points the SDK at a stand-in (its host/port/protocol options).
 */
export interface StripeKeys {
  secretKey: string;
  webhookSecret?: string;
}

/** The keys' read and the client, kept per configuration. */
const cache = perConfig(() => ({ keys: undefined as Promise<StripeKeys | undefined> | undefined, client: undefined as { key: string; stripe: Stripe } | undefined }));

async function loadKeys(): Promise<StripeKeys | undefined> {
  const c = config();
  if (c.stripeSecretArn) {
    const sm = captureClient(new SecretsManagerClient({ region: c.region }));
    const { SecretString } = await sm.send(new GetSecretValueCommand({ SecretId: c.stripeSecretArn }));
    const parsed = JSON.parse(SecretString ?? '{}') as Partial<StripeKeys>;
    if (!parsed.secretKey) throw new Error('the Stripe secret has no secretKey');
    return { secretKey: parsed.secretKey, webhookSecret: parsed.webhookSecret };
  }
  return c.stripeSecretKey ? { secretKey: c.stripeSecretKey, webhookSecret: c.stripeWebhookSecret } : undefined;
}

/** The keys, read once per configuration (a failed read is retried on the next call). Undefined when none are configured. */
export function stripeKeys(): Promise<StripeKeys | undefined> {
  const c = cache();
  c.keys ??= loadKeys().catch((err: unknown) => {
    c.keys = undefined;
    throw err;
  });
  return c.keys;
}

/** The SDK client for `secretKey`, pointed at STRIPE_ENDPOINT when set. */
export function stripeClient(secretKey: string): Stripe {
  const c = cache();
  if (c.client?.key === secretKey) return c.client.stripe;
  const endpoint = config().stripeEndpoint ? new URL(config().stripeEndpoint!) : undefined;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    ...(endpoint
      ? {
          host: endpoint.hostname,
          port: Number(endpoint.port || (endpoint.protocol === 'https:' ? 443 : 80)),
          protocol: endpoint.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
  c.client = { key: secretKey, stripe };
  return stripe;
}
