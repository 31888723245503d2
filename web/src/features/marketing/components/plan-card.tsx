import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Figure } from '@/lib/public-stats/figures';
import { usePlanPrice } from '@/lib/billing/get-plan-prices';
import { cn } from '@/lib/utils';
import type { PlanCardData } from '../data/plan-features';

/** One plan on the Pricing page; its button goes to /account, where plans are chosen. */
export function PlanCard({ plan }: { plan: PlanCardData }) {
  // The price billing charges, as an administrator set it (GET /api/public/plans).
  const price = usePlanPrice(plan.id);
  return (
    <Card
      data-testid={`plan-${plan.id}`}
      className={cn('relative h-full', plan.highlighted && 'border-primary shadow-lg ring-1 ring-primary')}
    >
      {plan.highlighted && <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">Most popular</Badge>}
      <CardHeader className="gap-3">
        <CardTitle className="text-lg">{plan.name}</CardTitle>
        <p className="flex items-baseline gap-1">
          <Figure source="plan" id={`price-${plan.id}`} className="text-4xl font-bold tracking-tight">
            {price === undefined ? '…' : `$${price}`}
          </Figure>
          <span className="text-sm text-muted-foreground">/month</span>
        </p>
        <CardDescription>{plan.blurb}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-3 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2.5">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <Figure source="plan" id={`feature-${plan.id}`}>
                {feature}
              </Figure>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button asChild className="w-full" variant={plan.highlighted ? 'default' : 'outline'}>
          <Link to="/account">{plan.cta}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
