import { stripeKeys } from '../../adapters/stripe/client';
import { perConfig } from '../../lib/config';
import { BillingUnavailableError, ForbiddenError, HttpError, NotFoundError } from '../../lib/errors';
import { areaHandler, json, publicEndpoint, resolveUserParam, userEndpoint, type Caller } from '../chain';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { applyStoredDiscount, createBilling, type ApplyDiscountEvent, getSubscription, isApplyDiscountEvent, handleStripeEvent, planForUpgrade, readStoredPlan, verifyStripeEvent, type BillingPort } from '../../services/billing';
import { getCreatorUser, updateCreatorFields } from '../../services/creator-profile';
import { getUsage } from '../../services/usage';
import { exportUnderWay, latestExport, requestExport } from '../../services/account-data/export-jobs';
import { getPlanPrices, setPlanPrices } from '../../services/platform/plan-prices';
import { confirmErasure, requestErasure, verifyErasureToken } from '../../services/account-data/erasure';
import { takeRateToken } from '../../services/metrics/rate-limit';
import { TooManyRequestsError } from '../../lib/errors';
import { apiPath, contract } from '../../../shared/contract';

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

/** Owner only: an administrator may read a creator's details but never exports or deletes their account. */
function ownAccount(caller: Caller, id: string): string {
  const userId = resolveUserParam(caller, id);
  if (userId !== caller.userId) throw new ForbiddenError('Only the account holder can export or delete an account.');
  return userId;
}

/** Building an archive reads every file of the account: a few exports an hour are plenty. */
const EXPORT_LIMIT = { name: 'account-export', max: 3, windowSeconds: 3600 };

/** Queues the export job (202); one already under way is answered again (200) without taking a token. */
const exportAccountEndpoint = userEndpoint(contract.exportAccount, async ({ params, caller }) => {
  const userId = ownAccount(caller, params.id);
  const underWay = await exportUnderWay(userId);
  if (underWay) return json(underWay, 200);
  if (!(await takeRateToken(EXPORT_LIMIT, userId))) throw new TooManyRequestsError('You can export your data 3 times an hour. Use the link you already have, or try again later.');
  return json(await requestExport(userId), 202);
});

const latestExportEndpoint = userEndpoint(contract.latestExport, async ({ params, caller }) => {
  const userId = ownAccount(caller, params.id);
  return json({ export: await latestExport(userId) });
});

const requestDeletion = userEndpoint(contract.requestDeletion, async ({ params, caller }) => {
  ownAccount(caller, params.id);
  return json(await requestErasure(caller), 202);
});

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
function page(title: string, body: string, status = 200) {
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">${body}</body></html>`,
  };
}
const notValid = (reason: 'invalid' | 'expired') =>
  reason === 'expired'
    ? page('Link expired', '<h1>This link has expired</h1><p>Ask again from Account settings in Vigil: links are valid for 24 hours.</p>', 410)
    : page('Link not valid', '<h1>This link is not valid</h1><p>Ask again from Account settings in Vigil.</p>', 400);

/** Opening the link asks for a confirming click (mail scanners follow GET links). */
const deletionPage = publicEndpoint(contract.deletionPage, async ({ query }) => {
  const verdict = await verifyErasureToken(query.token);
  if (!verdict.ok) return notValid(verdict.reason);
  return page(
    'Delete your Vigil account',
    `<h1>Delete your Vigil account?</h1><p>This deletes the account of ${escape(verdict.input.email)} and everything stored with it: ` +
      'profile, scans, results, cases and notices, monitors, alerts, files and the sign-in. It cannot be undone.</p>' +
      `<form method="post" action="${escape(apiPath(contract.confirmDeletion, { query: { token: query.token } }))}"><button type="submit">Delete my account for good</button></form>`,
  );
});

/** The confirming click: starts the erasure workflow (once: a second click finds it started). */
const confirmDeletion = publicEndpoint(contract.confirmDeletion, async ({ query }) => {
  const verdict = await verifyErasureToken(query.token);
  if (!verdict.ok) return notValid(verdict.reason);
  let started: Awaited<ReturnType<typeof confirmErasure>>;
  try {
    started = await confirmErasure(verdict.input, billingPort());
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode !== 502) throw err;
    return page(
      'Account not deleted yet',
      '<h1>Your account was not deleted</h1><p>Your subscription could not be cancelled at our payment provider just now, so nothing was deleted. ' +
        'Open the link from the e-mail again in a few minutes.</p>',
      502,
    );
  }
  return page(
    'Account deletion started',
    `<h1>Your account is being deleted</h1><p>${started.alreadyStarted ? 'The deletion was already confirmed. ' : ''}` +
      `${started.subscription === 'cancelled' ? 'Your subscription is cancelled: nothing more will be charged. ' : ''}` +
      `You have been signed out everywhere. An e-mail to ${escape(verdict.input.email)} will say when everything is deleted.</p>`,
    202,
  );
});

/**
 * Pricing Updates (issue 26), the Business Dashboard's third Configure: administrators only. Here, beside billing,
 * because the account function alone reads the Stripe keys: the billing provider takes the new prices first (new
 * Stripe prices under the plans' lookup keys), then they are stored and recorded in the audit log.
 */
const planPrices = userEndpoint(contract.getPlanPrices, async () => json(await getPlanPrices()));
const savePlanPrices = userEndpoint(contract.setPlanPrices, async ({ body, caller }) => {
  await billingPort().publishPrices(body);
  return json(await setPlanPrices(caller, body));
});

const api = areaHandler('account', [planPrices, savePlanPrices, getUser, putContentCreator, usage, subscription, upgrade, billingMode, billingPortal, stripeWebhook, exportAccountEndpoint, latestExportEndpoint, requestDeletion, deletionPage, confirmDeletion]);

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
