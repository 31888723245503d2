import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { FAQ_CATEGORIES, FAQ_ENTRIES, type FaqCategory, withPlanPrices, withSupportEmail } from '@shared/help/knowledge-base';
import { usePlanPrices } from '@/lib/billing/get-plan-prices';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useSupportEmail } from '@/lib/site-config';
import { cn } from '@/lib/utils';

/** Badge colours per FAQ category, so a question's topic is recognisable at a glance. */
const CATEGORY_TONES: Record<FaqCategory, string> = {
  'Getting Started': 'bg-sky-100 text-sky-800',
  'Content Protection': 'bg-emerald-100 text-emerald-800',
  'DMCA Process': 'bg-violet-100 text-violet-800',
  Billing: 'bg-amber-100 text-amber-900',
  Settings: 'bg-slate-100 text-slate-800',
};

type Filter = FaqCategory | 'All';

/**
 * The FAQ (PRODUCT.md section 2): every question of the help knowledge base with its category badge, filterable by
 * category. Answers fold open with native `<details>`, which keyboards and screen readers handle without help.
 */
export function FaqSection() {
  const [filter, setFilter] = useState<Filter>('All');
  const supportEmail = useSupportEmail();
  // The texts name launch prices; the page shows what billing charges now (Pricing Updates).
  const { prices } = usePlanPrices().data ?? {};
  const entries = filter === 'All' ? FAQ_ENTRIES : FAQ_ENTRIES.filter((e) => e.category === filter);

  return (
    <section aria-labelledby="faq" className="space-y-4" id="faq-section">
      <div>
        <h2 id="faq" className="text-xl font-semibold tracking-tight">
          Frequently Asked Questions
        </h2>
        <p className="text-sm text-muted-foreground">{FAQ_ENTRIES.length} answers about scans, takedowns, billing and settings.</p>
      </div>
      <div role="group" aria-label="Filter questions by category" className="flex flex-wrap gap-2">
        {(['All', ...FAQ_CATEGORIES] as const).map((category) => (
          <button
            key={category}
            type="button"
            aria-pressed={filter === category}
            onClick={() => setFilter(category)}
            className={cn(
              'rounded-full border px-3 py-1 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
              filter === category ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
            )}
          >
            {category}
          </button>
        ))}
      </div>
      <Card className="gap-0 divide-y py-0">
        {entries.map((entry) => (
          <details key={entry.id} className="group px-5 py-3.5 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1.5 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:flex-nowrap">
              <span className="min-w-0 flex-1 basis-full font-medium sm:basis-auto">{entry.question}</span>
              <Badge className={cn('border-transparent', CATEGORY_TONES[entry.category])}>{entry.category}</Badge>
              <ChevronDown className="ml-auto size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180 sm:ml-0" aria-hidden="true" />
            </summary>
            <div className="mt-3 space-y-2 text-sm leading-relaxed text-muted-foreground">
              {entry.answer.split('\n\n').map((paragraph) => (
                <p key={paragraph}>{withPlanPrices(withSupportEmail(paragraph, supportEmail), prices)}</p>
              ))}
            </div>
          </details>
        ))}
      </Card>
    </section>
  );
}
