import { Info } from 'lucide-react';
import { useBillingMode } from '@/lib/billing/get-billing-mode';

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
