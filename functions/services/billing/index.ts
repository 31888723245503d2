export type { BillingPort } from './billing-port';
export { createBilling } from './create-billing';
export { BILLING } from './billing-events';
export { handleStripeEvent, verifyStripeEvent } from './stripe-webhook';
export { applyStoredDiscount, isApplyDiscountEvent, type ApplyDiscountEvent } from './discount-sync';
export {
  getSubscription,
  planForUpgrade,
  readStoredPlan,
} from './plan-store';
