import { stripeKeys } from '../../adapters/stripe/client';
import { perConfig } from '../../lib/config';
import { BillingUnavailableError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { contract } from '../../../shared/contract';
import { areaHandler, json, publicEndpoint, resolveUserParam, userEndpoint } from '../chain';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { applyStoredDiscount, createBilling, type ApplyDiscountEvent, getSubscription, isApplyDiscountEvent, handleStripeEvent, planForUpgrade, readStoredPlan, verifyStripeEvent, type BillingPort } from '../../services/billing';
import { getCreatorUser, updateCreatorFields } from '../../services/creator-profile';
import { getUsage } from '../../services/usage';

/*
 * The account: the user with their creator identity (kept on file, never in notices), the plan and the
 * upgrade through the billing port. Plan gates elsewhere read the stored plan these routes change.
 */

/** Made once per configuration from the `BILLING` setting (demo, stripe or none). */
const billingPort: () => BillingPort = perConfig(() => createBilling());

const getUser = userEndpoint(contract.getUser, async ({ params, caller }) => json(await getCreatorUser(resolveUserParam(caller, params.id))));

/** Owner only: an administrator may read the creator details but never rewrites them. */
const putContentCreator = userEndpoint(contract.putContentCreator, async ({ params, body, caller }) => {
  const userId = resolveUserParam(caller, params.id);
  if (userId !== caller.userId) throw new ForbiddenError('You can only change your own creator details.');
  return json(await updateCreatorFields(userId, body));
});

/** This month's usage against the plan's allowances: the owner's own, or any user's for an administrator. */
const usage = userEndpoint(contract.usage, async ({ params, caller }) => json(await getUsage(resolveUserParam(caller, params.id))));

const subscription = userEndpoint(contract.subscription, async ({ caller }) => json({ ...(await getSubscription(caller.userId)), billingMode: billingPort().mode }));

/** With billing switched off (`none`) every change is refused before anything is read or written. */
const upgrade = userEndpoint(contract.upgrade, async ({ body, caller }) => {
  if (billingPort().mode === 'none') throw new BillingUnavailableError();
  const current = await planForUpgrade(caller.userId, body.planId);
  return json(await billingPort().upgrade(current, body.planId));
});

/** Public: how plan changes are paid here, so the Pricing page can say "demo billing". */
const billingMode = publicEndpoint(contract.billingMode, async () => json({ mode: billingPort().mode }));

/** "Manage billing": a Stripe customer portal session for the caller (payment method, invoices, cancellation). */
const billingPortal = userEndpoint(contract.billingPortal, async ({ caller }) => {
  const current = await readStoredPlan(caller.userId);
  if (!current) throw new NotFoundError('User');
  return json({ url: await billingPort().portal(current) });
});

/**
 * Stripe's webhook: public (Stripe signs instead; it sends no Origin, so the CSRF check lets it through) with
 * the raw body, because the signature covers the exact bytes; API Gateway may have base64-encoded them.
 * The webhook secret comes with the Stripe keys (Secrets Manager on AWS); outside Stripe mode the route answers 503.
 */
const stripeWebhook = publicEndpoint(contract.stripeWebhook, async ({ event, headers }) => {
  const raw = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  const secret = billingPort().mode === 'stripe' ? (await stripeKeys())?.webhookSecret : undefined;
  const verified = verifyStripeEvent(raw, headers['stripe-signature'], secret);
  return json(await handleStripeEvent(verified));
});

const api = areaHandler('account', [getUser, putContentCreator, usage, subscription, upgrade, billingMode, billingPortal, stripeWebhook]);

/**
 * The HTTP routes, and one event that is not HTTP: the admin function's asynchronous request to put a user's
 * stored discount on their Stripe subscription (services/billing/discount-sync.ts). Only a principal allowed to
 * invoke this function (the admin function's role) can send it; API Gateway always sends its own event shape.
 * A failure throws, so Lambda retries the event.
 */
export async function handler(event: APIGatewayProxyEventV2 | ApplyDiscountEvent, context: Context) {
  if (isApplyDiscountEvent(event)) return applyStoredDiscount(billingPort(), event);
  if ('operation' in event) throw new Error('malformed account event: an operation without a valid user id');
  return api(event, context);
}
