import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import { config } from '../../lib/config';
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

let keys: Promise<StripeKeys | undefined> | undefined;
let client: { key: string; stripe: Stripe } | undefined;

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

/** The keys, read once per process (a failed read is retried on the next call). Undefined when none are configured. */
export function stripeKeys(): Promise<StripeKeys | undefined> {
  keys ??= loadKeys().catch((err: unknown) => {
    keys = undefined;
    throw err;
  });
  return keys;
}

/** The SDK client for `secretKey`, pointed at STRIPE_ENDPOINT when set. */
export function stripeClient(secretKey: string): Stripe {
  if (client?.key === secretKey) return client.stripe;
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
  client = { key: secretKey, stripe };
  return stripe;
}

/** Forgets the keys and client (tests switch configurations). */
export function resetStripe(): void {
  keys = undefined;
  client = undefined;
}
