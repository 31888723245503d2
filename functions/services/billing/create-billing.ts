import { config } from '../../lib/config';
import type { BillingPort } from './billing-port';
import { DemoBilling, NoBilling } from './immediate-billing';
import { StripeBilling } from './stripe-billing';

/** The billing adapter the `BILLING` setting selects; unset is `none`, so nothing is ever free by accident. */
export function createBilling(mode = config().billingMode): BillingPort {
  switch (mode) {
    case 'demo':
      return new DemoBilling();
    case 'stripe':
      return new StripeBilling();
    default:
      return new NoBilling();
  }
}
