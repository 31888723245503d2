export type { BillingPort } from './billing-port';
export { createBilling, type BillingEnv } from './create-billing';
export { ImmediateBilling } from './immediate-billing';
export { StripeCheckoutBilling } from './stripe-checkout-billing';
export { AMOUNT_ATTRIBUTE, BILLING, BILLING_COUNTERS, countCancellation, countCharge, putBillingEvent, type BillingEvent } from './billing-events';
export { applyPaidPlan, cancelToTrial } from './plan-changes';
export { STRIPE_EVENT_OPERATION, handleStripeEvent, verifyStripeEvent, type WebhookReply } from './stripe-webhook';
export {
  DISCOUNT_ATTRIBUTE,
  changeStoredPlan,
  getSubscription,
  planForUpgrade,
  planOf,
  readStoredPlan,
  type StoredPlan,
} from './plan-store';
