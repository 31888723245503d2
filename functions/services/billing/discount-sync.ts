import { invokeAsync } from '../../adapters/lambda';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import type { BillingPort } from './billing-port';
import { readStoredPlan } from './plan-store';

/**
 * An administrator's discount reaches Stripe at once (issue 10), while the Stripe secret stays readable by the
 * account function alone: the admin function stores the discount, then queues this event for the account
 * function (an asynchronous Lambda invocation; locally the runtime's Lambda stand-in), which puts the discount's
 * coupon on the user's subscription. The event carries only the user id: the account function reads the
 * discount stored now, so events that arrive late or twice still leave Stripe matching the table.
 */
export const APPLY_DISCOUNT = 'vigil.apply-discount';

export interface ApplyDiscountEvent {
  operation: typeof APPLY_DISCOUNT;
  userId: string;
}

/** True for the event above (the account function also receives API Gateway events). */
export function isApplyDiscountEvent(event: unknown): event is ApplyDiscountEvent {
  const e = event as Partial<ApplyDiscountEvent> | null;
  return !!e && typeof e === 'object' && e.operation === APPLY_DISCOUNT && typeof e.userId === 'string' && /^[0-9A-Z]{26}$/.test(e.userId);
}

/**
 * Asks the account function to apply a user's stored discount to their Stripe subscription. Only users with a
 * subscription need it (a Checkout started later takes the discount anyway). A failure to queue is logged, not
 * thrown: the discount is stored and the next plan change applies it too.
 * @returns whether the event was queued.
 */
export async function requestDiscountSync(userId: string, hasSubscription: boolean): Promise<boolean> {
  if (!hasSubscription) return false;
  const target = config().accountFunctionName;
  if (!target) {
    logger.warn('discount not sent to Stripe: ACCOUNT_FUNCTION_NAME is not set', { userId });
    return false;
  }
  try {
    await invokeAsync(target, { operation: APPLY_DISCOUNT, userId } satisfies ApplyDiscountEvent);
    return true;
  } catch (err) {
    logger.error('discount sync could not be queued', { userId, error: err as Error });
    return false;
  }
}

/** The account function's side: applies the stored discount through the billing port (Stripe mode only). */
export async function applyStoredDiscount(billing: BillingPort, event: ApplyDiscountEvent): Promise<{ outcome: 'applied' | 'removed' | 'skipped' }> {
  const current = await readStoredPlan(event.userId);
  if (!current) return { outcome: 'skipped' };
  const outcome = await billing.applyDiscount(current);
  logger.info('discount applied to the subscription', { userId: event.userId, discountPercent: current.discountPercent, outcome });
  return { outcome };
}
