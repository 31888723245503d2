import { Info } from 'lucide-react';
import useSWR from 'swr';
import { billingModeSchema, type BillingMode } from '@shared/schemas/subscription';
import { contract } from '@shared/contract';
import { api } from '@/lib/api-client';

export const BILLING_MODE_KEY = contract.billingMode.path;

/** How plan changes are paid here (`GET /api/billing/mode`, public): demo, stripe or none. */
export function useBillingMode(): BillingMode | undefined {
  const { data } = useSWR(BILLING_MODE_KEY, async () => billingModeSchema.parse(await api(contract.billingMode)));
  return data?.mode;
}

/**
 * "Demo billing" on every screen that shows money while the service runs with `BILLING=demo` (`npm start`):
 * plans apply at once and nothing is charged, so prices and revenue are illustrations. Nothing otherwise.
 */
export function DemoBillingNote({ className = '' }: { className?: string }) {
  const mode = useBillingMode();
  if (mode !== 'demo') return null;
  return (
    <p role="note" data-testid="demo-billing" className={`flex items-center justify-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 ${className}`}>
      <Info className="size-4 shrink-0" aria-hidden="true" />
      Demo billing: plan changes apply at once and no payment is taken. Amounts shown are what would be charged.
    </p>
  );
}
