import { ArrowRight, CheckCircle2, Globe, Search, Send, ShieldCheck } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { DemoBillingNote } from '@/components/billing/demo-billing-note';
import { PublicLayout } from '@/components/layouts/public-layout';
import { Button } from '@/components/ui/button';
import { LOGIN_PATH } from '@/lib/auth';
import { Figure, platformFigures } from '@/lib/public-stats/figures';
import { usePublicStats } from '@/lib/public-stats/get-public-stats';
import { PLAN_CARDS } from '../data/plan-features';
import { Faq, type FaqEntry } from './faq';
import { PlanCard } from './plan-card';
import { SectionHeading } from './section-heading';

const FAQ: FaqEntry[] = [
  {
    question: 'Will the people who copied my content find out who I am?',
    answer:
      "No. Takedown notices are filed under our company's identity, on your behalf. Your legal name and address are not sent to the site or the search engine.",
  },
  {
    question: 'How quickly is stolen content removed?',
    answer:
      'That is up to the host or search engine that receives the notice: some act within hours, others take days or ignore notices. Vigil records when each notice was sent and keeps checking whether the copy is gone, so you see where every takedown stands.',
  },
  {
    question: 'Which search engines do you file with?',
    answer:
      'The Free Trial files with Google, Basic with Google and Bing, and Pro and Enterprise with Google, Bing and DuckDuckGo. Hosting sites are contacted directly at their abuse or DMCA address.',
  },
  {
    question: 'What is the difference between a search and a takedown?',
    answer:
      'A search scans the web for copies of your name, brand or reference files. A takedown is one DMCA notice sent for one unauthorized copy that you marked after reviewing the results.',
  },
  {
    question: 'Can I change or cancel my plan?',
    answer: 'Yes. Upgrade, downgrade or cancel at any time from the Billing tab of your account.',
  },
  {
    question: 'What happens after the free trial?',
    answer:
      'Your results and notices stay in your account. Pick a paid plan on your Account page when you want automated submissions and more searches each month.',
  },
];

const SALES_POINTS = [
  { icon: Search, id: 'scans', label: 'scans run for creators' },
  { icon: Globe, id: 'copiesFound', label: 'possible copies found' },
  { icon: Send, id: 'noticesSent', label: 'takedown notices sent' },
  { icon: ShieldCheck, id: 'copiesRemoved', label: 'copies confirmed removed' },
] as const;

/** The public Pricing page (PRODUCT.md section 2, "Pricing"). Inside the signed-in shell it drops its own header. */
export function PricingPage({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <PublicLayout signedIn={signedIn} backToHome>
      <title>Pricing · Vigil</title>
      <section className="relative overflow-hidden border-b">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_26rem_at_50%_-10%,var(--color-accent),transparent)]"
        />
        <div className="relative mx-auto max-w-6xl px-4 pb-20 pt-16 sm:px-6 sm:pt-20">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold uppercase tracking-wider text-primary">Pricing</p>
            <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance sm:text-5xl">Protection that pays for itself</h1>
            <p className="mt-4 text-lg text-pretty text-muted-foreground">
              Start free, then choose the plan that matches how much content you publish. Every plan files notices under our
              identity, so you stay anonymous.
            </p>
          </div>
          <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {PLAN_CARDS.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </div>
          <p className="mt-8 flex items-center justify-center gap-2 text-sm text-muted-foreground">
            <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
            Cancel any time from your account. Prices in US dollars.
          </p>
          <DemoBillingNote className="mx-auto mt-4 max-w-xl" />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading eyebrow="Why act now" title="Every day a leak stays up, it costs you">
          Copies spread from one forum to the next and rank in search results under your name. Vigil finds them on the web,
          in image and video search, and gets them removed, while you keep creating.
        </SectionHeading>
        <SalesFigures />
        <div className="mt-12 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <SignUpLink signedIn={signedIn}>
              Get Pro Protection Now
              <ArrowRight aria-hidden="true" />
            </SignUpLink>
          </Button>
          <Button asChild size="lg" variant="outline">
            <SignUpLink signedIn={signedIn}>Start with Free Trial</SignUpLink>
          </Button>
        </div>
      </section>

      <section className="border-t bg-muted/40">
        <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6">
          <SectionHeading title="Frequently asked questions" />
          <div className="mt-10">
            <Faq entries={FAQ} />
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}

/**
 * Sign-in for visitors (a full page load to /api/login). Signed-in visitors already have an account, so the same
 * button takes them to the billing tab instead of through sign-in again.
 */
function SignUpLink({ signedIn, ...props }: ComponentProps<'a'> & { signedIn: boolean }) {
  if (signedIn) return <Link to="/account?tab=billing" {...props} />;
  return <a href={LOGIN_PATH} {...props} />;
}

/** Four figures counted by the server from Vigil's own records (`GET /api/public/stats`), with their date. */
function SalesFigures() {
  const { data } = usePublicStats();
  const figures = data ? platformFigures(data) : undefined;
  return (
    <>
      <dl className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {SALES_POINTS.map((point) => (
          <div key={point.label} className="rounded-xl border bg-card p-6 shadow-sm">
            <point.icon className="size-5 text-primary" aria-hidden="true" />
            <dt className="mt-4 text-sm text-muted-foreground">{point.label}</dt>
            <dd className="text-2xl font-bold tracking-tight">
              {figures ? (
                <Figure source="computed" id={point.id}>
                  {figures[point.id]}
                </Figure>
              ) : (
                <span aria-hidden="true">–</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {figures && (
        <p className="mt-3 text-center text-xs text-muted-foreground">
          Counted from Vigil&apos;s own records on <Figure source="computed" id="asOf">{figures.asOf}</Figure>, all creators together.
        </p>
      )}
    </>
  );
}
