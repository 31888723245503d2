import { Brain, ListChecks } from 'lucide-react';
import { Link } from 'react-router';
import type { RiskMetrics, RiskRecommendation } from '@shared/schemas/risk';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { apiErrorMessage } from '@/lib/api-client';
import { useRiskRecommendations } from '../api/get-risk-recommendations';

const PRIORITY_VARIANT = { high: 'destructive', medium: 'secondary', low: 'outline' } as const;
const PRIORITY_LABEL = { high: 'High', medium: 'Medium', low: 'Low' } as const;

/**
 * Recommendations computed from the creator's account (issue 26: plan, monitors, automatic submission, open
 * escalations, hosts that ignore notices, what is left to review or send), each with where to act. Nothing
 * static: with nothing to advise the card says so.
 */
export function RecommendationsTab({ metrics }: { metrics: RiskMetrics }) {
  const { data, error, isLoading } = useRiskRecommendations();
  const items: RiskRecommendation[] = data ?? [];
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="flex items-center gap-2">
              <Brain className="size-4 text-primary" aria-hidden="true" />
              Recommendations
            </h2>
          </CardTitle>
          <CardDescription>Computed from your plan, monitors, cases and results.</CardDescription>
        </CardHeader>
        <CardContent>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {apiErrorMessage(error, 'Your recommendations could not be loaded. Please try again later.')}
            </p>
          ) : isLoading ? (
            <p className="text-sm text-muted-foreground">Loading your recommendations…</p>
          ) : items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing to do right now: every result is handled and your monitors are running.</p>
          ) : (
            <ul className="space-y-4">
              {items.map((a) => (
                <li key={a.id} className="space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="text-sm font-medium">{a.title}</h3>
                    <Badge variant={PRIORITY_VARIANT[a.priority]}>{PRIORITY_LABEL[a.priority]} priority</Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">{a.text}</p>
                  <Link to={a.action.href} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                    {a.action.label}
                  </Link>
                </li>
              ))}
            </ul>
          )}
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
            {metrics.vulnerabilityCount > 0 ? `You have ${metrics.vulnerabilityCount} open violations. Start here:` : 'Keep your protection up to date:'}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2">
          <Button asChild className="justify-start">
            <Link to="/review">Review results</Link>
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
        </CardContent>
      </Card>
    </div>
  );
}
