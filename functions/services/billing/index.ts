export type { BillingMode, BillingPort } from './billing-port';
export { createBilling } from './create-billing';
export { DemoBilling, NoBilling } from './immediate-billing';
export { StripeBilling, couponId, priceLookupKey } from './stripe-billing';
export { AMOUNT_ATTRIBUTE, BILLING, BILLING_COUNTERS, countCancellation, countCharge, countPlanMove, countRevenue, putBillingEvent, type BillingEvent } from './billing-events';
export { applyStoredDiscount, isApplyDiscountEvent, type ApplyDiscountEvent } from './discount-sync';
export { applyPaidPlan, cancelToTrial } from './plan-changes';
export { STRIPE_EVENT_OPERATION, handleStripeEvent, verifyStripeEvent, type WebhookReply } from './stripe-webhook';
export {
  DISCOUNT_ATTRIBUTE,
  changeStoredPlan,
  getSubscription,
  planForUpgrade,
  planOf,
  setBillingAttributes,
  readStoredPlan,
  type StoredPlan,
} from './plan-store';
