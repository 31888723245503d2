import { Clock, FileStack, LogOut, type LucideIcon, MousePointerClick, Star, TrendingUp, TriangleAlert, Wallet } from 'lucide-react';
import { FUNNEL_STAGES, type AiInsights } from '@shared/schemas/admin';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { StatCard } from '@/components/stat-card';

const STAGE_LABELS: Record<string, string> = {
  visited: 'Visited',
  signedUp: 'Signed up',
  scanned: 'Ran a scan',
  reviewed: 'Reviewed results',
  caseFiled: 'Filed a case',
  paid: 'Paid',
};

/** The funnel's stages in journey order; stages the server adds later follow in its order. */
function orderedStages(dropoff: Record<string, number>): [string, number][] {
  const known = FUNNEL_STAGES.filter((s) => s in dropoff).map((s): [string, number] => [s, dropoff[s]!]);
  const extra = Object.entries(dropoff).filter(([s]) => !(FUNNEL_STAGES as readonly string[]).includes(s));
  return [...known, ...extra];
}

/** AI Insights: engagement from recorded page views, behaviour patterns and the business findings. */
export function AiInsightsTab({ insights }: { insights: AiInsights }) {
  const { engagementMetrics: e, userBehaviorPatterns: b, businessOptimization: o } = insights;
  const stages = orderedStages(e.conversionFunnelDropoff);
  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-3" aria-label="Engagement">
        <li>
          <StatCard label="Avg Session Duration" value={`${e.avgSessionDuration.toFixed(1)} min`} icon={Clock} tone="bg-sky-50 text-sky-600" testId="admin-session-duration" />
        </li>
        <li>
          <StatCard label="Bounce Rate" value={`${e.bounceRate.toFixed(1)}%`} icon={LogOut} tone="bg-amber-50 text-amber-700" testId="admin-bounce-rate" />
        </li>
        <li>
          <StatCard label="Pages per Session" value={e.pagesPerSession.toFixed(1)} icon={MousePointerClick} tone="bg-violet-50 text-violet-600" testId="admin-pages-per-session" />
        </li>
      </ul>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Conversion Funnel Drop-off</h2>
          </CardTitle>
          <CardDescription>Share of users lost at each stage of the journey</CardDescription>
        </CardHeader>
        <CardContent>
          {stages.length === 0 ? (
            <p className="text-sm text-muted-foreground">No journeys recorded yet.</p>
          ) : (
            <ul className="space-y-3">
              {stages.map(([stage, percent]) => (
                <li key={stage} className="flex items-center gap-3 text-sm">
                  <span className="w-36 shrink-0">{STAGE_LABELS[stage] ?? stage}</span>
                  <div className="h-2.5 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                    <div className="h-full rounded-full bg-destructive/70" style={{ width: `${Math.min(100, percent)}%` }} />
                  </div>
                  <span className="w-14 shrink-0 text-right font-semibold tabular-nums">{percent.toFixed(1)}%</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <div className="grid gap-4 md:grid-cols-2">
        <InsightList title="Popular Features" icon={Star} items={b.popularFeatures} tone="text-amber-500" />
        <InsightList title="Common Exit Pages" icon={FileStack} items={b.commonExitPages} tone="text-sky-600" />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <InsightList title="Profitability Insights" icon={Wallet} items={o.profitabilityInsights} tone="text-emerald-700" />
        <InsightList title="Churn Risk Factors" icon={TriangleAlert} items={o.churnRiskFactors} tone="text-destructive" />
        <InsightList title="Upsell Opportunities" icon={TrendingUp} items={o.upsellOpportunities} tone="text-indigo-600" />
      </div>
    </div>
  );
}

function InsightList({ title, icon: Icon, items, tone }: { title: string; icon: LucideIcon; items: string[]; tone: string }) {
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <Icon className={`size-4 ${tone}`} aria-hidden="true" />
            {title}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to report yet.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {items.map((item) => (
              <li key={item} className="flex gap-2">
                <span className="mt-2 size-1.5 shrink-0 rounded-full bg-muted-foreground/50" aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
