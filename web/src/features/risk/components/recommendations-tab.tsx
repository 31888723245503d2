import { Brain, FileWarning, ListChecks, Search, ShieldCheck, Upload, Zap } from 'lucide-react';
import { Link } from 'react-router';
import type { RiskMetrics } from '@shared/schemas/risk';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Static advice (PRODUCT.md section 2: "AI Recommendations (static advice and next actions)"). */
const ADVICE = [
  {
    priority: 'High',
    icon: Zap,
    title: 'Automate takedowns for high-confidence matches',
    text: 'Bulk DMCA submission sends notices for every violation with high priority and 70%+ confidence in one go, so leaks come down before they spread.',
  },
  {
    priority: 'High',
    icon: Upload,
    title: 'Upload reference files for your newest content',
    text: 'Fingerprints of your latest photos and videos catch re-uploads that carry no name: cropped, resized, mirrored or watermarked copies.',
  },
  {
    priority: 'Medium',
    icon: Search,
    title: 'Scan weekly',
    text: 'New leaks appear over time. A weekly scan keeps detection time low and stops copies from being mirrored across sites.',
  },
  {
    priority: 'Medium',
    icon: ShieldCheck,
    title: 'Keep your allowlist up to date',
    text: 'Allowlisting your own sites and licensed partners removes noise from your results so real violations stand out.',
  },
  {
    priority: 'Low',
    icon: FileWarning,
    title: 'Watch platforms with rising trends',
    text: 'Hotspots marked increasing are where new copies are appearing fastest; review their results first.',
  },
] as const;

const PRIORITY_VARIANT = { High: 'destructive', Medium: 'secondary', Low: 'outline' } as const;

/** AI Recommendations: advice, and the next actions as links into the product. */
export function RecommendationsTab({ metrics }: { metrics: RiskMetrics }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="flex items-center gap-2">
              <Brain className="size-4 text-primary" aria-hidden="true" />
              AI Recommendations
            </h2>
          </CardTitle>
          <CardDescription>Ways to lower your risk score.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="space-y-4">
            {ADVICE.map((a) => (
              <li key={a.title} className="flex gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <a.icon className="size-4" aria-hidden="true" />
                </span>
                <div className="space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="text-sm font-medium">{a.title}</h3>
                    <Badge variant={PRIORITY_VARIANT[a.priority]}>{a.priority} priority</Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">{a.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="flex items-center gap-2">
              <ListChecks className="size-4 text-primary" aria-hidden="true" />
              Next Actions
            </h2>
          </CardTitle>
          <CardDescription>
            {metrics.vulnerabilityCount > 0
              ? `You have ${metrics.vulnerabilityCount} open vulnerabilities. Start here:`
              : 'Keep your protection up to date:'}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          <Button asChild className="justify-start">
            <Link to="/">Review violations</Link>
          </Button>
          <Button asChild variant="outline" className="justify-start">
            <Link to="/search">Run a new scan</Link>
          </Button>
          <Button asChild variant="outline" className="justify-start">
            <Link to="/cases">Track DMCA cases</Link>
          </Button>
          <Button asChild variant="outline" className="justify-start">
            <Link to="/settings?tab=allowlist">Update your allowlist</Link>
          </Button>
          <Button asChild variant="outline" className="justify-start">
            <Link to="/account?tab=billing">Upgrade for automated takedowns</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
