import { ForbiddenError } from '../../lib/errors';
import { contract } from '../../../shared/contract';
import { areaHandler, json, publicEndpoint, resolveUserParam, userEndpoint } from '../../lib/http';
import { createBilling, getSubscription, handleStripeEvent, planForUpgrade, verifyStripeEvent, type BillingPort } from '../../services/billing';
import { getCreatorUser, updateCreatorFields } from '../../services/creator-profile';
import { getUsage } from '../../services/usage';
import { live } from '../../lib/config';

/*
 * The account: the user with their creator identity (kept on file, never in notices), the plan and the
 * upgrade through the billing port. Plan gates elsewhere read the stored plan these routes change.
 */

let billing: BillingPort | undefined;
/** Created once per process from the configuration (Stripe when STRIPE_SECRET_KEY is set). */
const billingPort = () => (billing ??= createBilling());
/** Forgets the billing adapter so the next call reads the configuration again (tests). */
export function resetBilling(): void {
  billing = undefined;
}

const getUser = userEndpoint(contract.getUser, async ({ params, caller }) => json(await getCreatorUser(resolveUserParam(caller, params.id))));

/** Owner only: an administrator may read the creator details but never rewrites them. */
const putContentCreator = userEndpoint(contract.putContentCreator, async ({ params, body, caller }) => {
  const userId = resolveUserParam(caller, params.id);
  if (userId !== caller.userId) throw new ForbiddenError('You can only change your own creator details.');
  return json(await updateCreatorFields(userId, body));
});

/** This month's usage against the plan's allowances: the owner's own, or any user's for an administrator. */
const usage = userEndpoint(contract.usage, async ({ params, caller }) => json(await getUsage(resolveUserParam(caller, params.id))));

const subscription = userEndpoint(contract.subscription, async ({ caller }) => json(await getSubscription(caller.userId)));

const upgrade = userEndpoint(contract.upgrade, async ({ body, caller }) => {
  const current = await planForUpgrade(caller.userId, body.planId);
  return json(await billingPort().upgrade(current, body.planId));
});

/**
 * Stripe's webhook: public (Stripe signs instead; it sends no Origin, so the CSRF check lets it through) with
 * the raw body, because the signature covers the exact bytes; API Gateway may have base64-encoded them.
 * STRIPE_WEBHOOK_SECRET is read per request so an unset secret answers 503 rather than failing at load.
 */
const stripeWebhook = publicEndpoint(contract.stripeWebhook, async ({ event, headers }) => {
  const raw = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  const verified = verifyStripeEvent(raw, headers['stripe-signature'], live.stripeWebhookSecret());
  return json(await handleStripeEvent(verified));
});

export const handler = areaHandler('account', [getUser, putContentCreator, usage, subscription, upgrade, stripeWebhook]);
