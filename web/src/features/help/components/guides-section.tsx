import { BookOpen, ChevronDown } from 'lucide-react';
import { HELP_ARTICLES, withPlanPrices, withSupportEmail } from '@shared/help/knowledge-base';
import { usePlanPrices } from '@/lib/billing/get-plan-prices';
import { Card } from '@/components/ui/card';
import { useSupportEmail } from '@/lib/site-config';

/**
 * The help-centre guides (the Documentation card points here). The assistant cites them by title ("More in
 * ... on the Help page"), so every article it can name is readable here.
 */
export function GuidesSection() {
  const supportEmail = useSupportEmail();
  // The texts name launch prices; the page shows what billing charges now (Pricing Updates).
  const { prices } = usePlanPrices().data ?? {};
  return (
    <section aria-labelledby="guides-title" className="scroll-mt-20 space-y-4" id="guides">
      <div>
        <h2 id="guides-title" className="text-xl font-semibold tracking-tight">
          Guides
        </h2>
        <p className="text-sm text-muted-foreground">In-depth walkthroughs of every part of Vigil.</p>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        {HELP_ARTICLES.map((article) => (
          <Card key={article.id} className="gap-0 py-0">
            <details className="group px-5 py-4 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex cursor-pointer list-none items-center gap-3 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
                <BookOpen className="size-4 shrink-0 text-primary" aria-hidden="true" />
                <span className="flex-1 font-medium">{article.title}</span>
                <ChevronDown className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden="true" />
              </summary>
              <div className="mt-3 space-y-2 text-sm leading-relaxed text-muted-foreground">
                {article.body.split('\n\n').map((paragraph) => (
                  <p key={paragraph}>{withPlanPrices(withSupportEmail(paragraph, supportEmail), prices)}</p>
                ))}
              </div>
            </details>
          </Card>
        ))}
      </div>
    </section>
  );
}
