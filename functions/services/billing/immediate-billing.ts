import type { UpgradeResponse } from '../../../shared/schemas/subscription';
import type { PlanId } from '../../../shared/schemas/user';
import { BillingUnavailableError, ConflictError } from '../../lib/errors';
import type { BillingPort } from './billing-port';
import { applyPaidPlan } from './plan-changes';
import type { StoredPlan } from './plan-store';

/**
 * Demo billing (`BILLING=demo`, `npm start` only; the CDK stacks refuse it for production): applies a plan change
 * at once and records what it would cost (the plan's price less the administrator's discount) as a billing
 * event with the revenue and subscriber counters, so the admin screens have figures. Every screen showing money
 * says "demo billing" in this mode. The work itself is `applyPaidPlan`.
 */
export class DemoBilling implements BillingPort {
  readonly mode = 'demo' as const;

  async upgrade(current: StoredPlan, planId: PlanId, now = new Date()): Promise<UpgradeResponse> {
    const event = await applyPaidPlan(current, planId, { at: now.toISOString(), provider: 'local' });
    return {
      success: true,
      outcome: 'applied',
      plan: planId,
      status: 'active',
      checkoutUrl: null,
      charge: { priceUsd: event.priceUsd, discountPercent: event.discountPercent, amountUsd: event.amountUsd, month: event.month },
    };
  }

  /** The discount is read at each plan change; there is no subscription to update. */
  async publishPrices(): Promise<'skipped'> {
    return 'skipped';
  }

  async applyDiscount(): Promise<'skipped'> {
    return 'skipped';
  }

  async portal(): Promise<string> {
    throw new ConflictError('Demo billing has no billing portal: nothing is charged.', 'NO_BILLING_ACCOUNT');
  }

  /** Nothing is charged, so nothing runs on to cancel. */
  async cancelForErasure(): Promise<'skipped'> {
    return 'skipped';
  }
}

/** No billing (`BILLING=none`, and AWS without a Stripe secret): every plan change is refused, nothing changes. */
export class NoBilling implements BillingPort {
  readonly mode = 'none' as const;

  async upgrade(): Promise<UpgradeResponse> {
    throw new BillingUnavailableError();
  }

  async publishPrices(): Promise<'skipped'> {
    return 'skipped';
  }

  async applyDiscount(): Promise<'skipped'> {
    return 'skipped';
  }

  async portal(): Promise<string> {
    throw new BillingUnavailableError();
  }

  async cancelForErasure(): Promise<'skipped'> {
    return 'skipped';
  }
}
