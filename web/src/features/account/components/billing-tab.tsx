import { Check, Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { PlanId } from '@shared/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { sendFeatureUse } from '@/lib/page-views';
import { cn } from '@/lib/utils';
import { DemoBillingNote } from '@/components/billing/demo-billing-note';
import { ApiError, apiErrorMessage } from '@/lib/api-client';
import { openBillingPortal, upgradePlan } from '../api/upgrade-plan';
import { useAccountPlan } from '../hooks/use-account-plan';
import { usePlanPrices } from '@/lib/billing/get-plan-prices';
import { ACCOUNT_PLAN_CARDS, ACCOUNT_PLAN_NAMES, planButton, statusLabel } from '../lib/account-plans';

/**
 * Billing & Plans (PRODUCT.md section 2): the subscription with its status badge and the four plan cards. The current
 * plan's button is disabled; the others upgrade (or go to checkout when a payment provider is configured).
 */
export function BillingTab() {
  const { plan, status, discount, monthlyPriceUsd, pendingPlan, currentPeriodEnd, manageable } = useAccountPlan();
  const [pending, setPending] = useState<PlanId | null>(null);
  // Issue 26: a plan change asks first; the card whose button was pressed shows what will happen.
  const [confirming, setConfirming] = useState<PlanId | null>(null);
  // Prices as billing charges them (Pricing Updates), not constants of the bundle.
  const prices = usePlanPrices().data?.prices;

  const manage = async () => {
    try {
      window.location.assign(await openBillingPortal());
    } catch (error) {
      toast({ title: 'Billing portal unavailable', description: apiErrorMessage(error, 'Please try again later.'), variant: 'destructive' });
    }
  };

  const upgrade = async (planId: PlanId) => {
    setConfirming(null);
    setPending(planId);
    sendFeatureUse('upgrade');
    try {
      const result = await upgradePlan(planId);
      if (result.checkoutUrl) {
        window.location.assign(result.checkoutUrl);
        return;
      }
      if (result.outcome === 'scheduled') {
        toast({ title: 'Plan Change Booked', description: `You move to the ${ACCOUNT_PLAN_NAMES[planId]} plan at the end of this billing period.` });
      } else {
        toast({ title: 'Plan Upgraded', description: `You are now on the ${ACCOUNT_PLAN_NAMES[result.plan]} plan.` });
      }
    } catch (error) {
      // Billing switched off (503 BILLING_UNAVAILABLE) says so; other failures keep the text of PRODUCT.md section 8.
      const unavailable = error instanceof ApiError && error.body?.code === 'BILLING_UNAVAILABLE';
      toast({
        title: 'Upgrade Failed',
        description: unavailable ? apiErrorMessage(error, '') : 'There was an issue upgrading your plan. Please try again.',
        variant: 'destructive',
      });
    }
    setPending(null);
  };

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1.5">
            <CardTitle>
              <h2>Current Subscription</h2>
            </CardTitle>
            <CardDescription>
              You are on the <span className="font-medium text-foreground">{ACCOUNT_PLAN_NAMES[plan]}</span> plan
              {monthlyPriceUsd !== undefined && (
                <>
                  {' '}
                  at <span className="font-medium text-foreground">${monthlyPriceUsd}/month</span>
                </>
              )}
              {discount ? ` (${discount}% discount applied)` : ''}.
            </CardDescription>
          </div>
          <div className="flex items-center gap-3">
            {manageable && (
              <Button type="button" variant="outline" size="sm" onClick={() => void manage()}>
                Manage billing
              </Button>
            )}
            <Badge className="h-fit bg-emerald-600" data-testid="subscription-status">
              {statusLabel(status)}
            </Badge>
          </div>
        </CardHeader>
        {pendingPlan && (
          <CardContent className="pt-0 text-sm text-muted-foreground">
            {pendingPlan === 'trial' ? 'Your subscription ends' : `You move to the ${ACCOUNT_PLAN_NAMES[pendingPlan]} plan`} at the end of the billing
            period{currentPeriodEnd ? ` (${new Date(currentPeriodEnd).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })})` : ''}.
          </CardContent>
        )}
      </Card>
      <DemoBillingNote />

      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-4" aria-label="Plans">
        {ACCOUNT_PLAN_CARDS.map((card) => {
          const current = card.id === plan;
          const button = planButton(card.id, plan);
          const price = prices ? `$${prices[card.id]}` : '…';
          return (
            <li key={card.id}>
              <Card
                data-testid={`account-plan-${card.id}`}
                className={cn('relative h-full', current ? 'border-primary ring-1 ring-primary' : card.popular && 'border-primary/40')}
              >
                {current ? (
                  <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">Your plan</Badge>
                ) : (
                  card.popular && (
                    <Badge variant="secondary" className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">
                      Most popular
                    </Badge>
                  )
                )}
                <CardHeader className="gap-3">
                  <CardTitle className="text-lg">
                    <h3>{card.name}</h3>
                  </CardTitle>
                  <p className="flex items-baseline gap-1">
                    <span className="text-3xl font-bold tracking-tight">{price}</span>
                    <span className="text-sm text-muted-foreground">/month</span>
                  </p>
                </CardHeader>
                <CardContent className="flex-1">
                  <ul className="space-y-2.5 text-sm">
                    {card.features.map((f) => (
                      <li key={f} className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                        <span>{f}</span>
                      </li>
                    ))}
                  </ul>
                </CardContent>
                <CardFooter className="flex-col gap-2">
                  {confirming === card.id ? (
                    <div role="group" aria-label={`Confirm the ${card.name} plan`} className="grid w-full gap-2">
                      <p className="text-sm" aria-live="polite">
                        Change your plan to {card.name} ({price}/month)?
                      </p>
                      <div className="flex gap-2">
                        <Button type="button" className="flex-1" onClick={() => void upgrade(card.id)}>
                          Confirm {card.name}
                        </Button>
                        <Button type="button" variant="outline" className="flex-1" onClick={() => setConfirming(null)}>
                          Cancel
                        </Button>
                      </div>
                    </div>
                  ) : (
                    <Button
                      type="button"
                      className="w-full"
                      variant={current ? 'outline' : card.popular ? 'default' : 'outline'}
                      disabled={button.disabled || pending !== null}
                      onClick={() => setConfirming(card.id)}
                    >
                      {pending === card.id && <Loader2 className="animate-spin" aria-hidden="true" />}
                      {button.label}
                    </Button>
                  )}
                </CardFooter>
              </Card>
            </li>
          );
        })}
      </ul>
      <p className="text-center text-sm text-muted-foreground">Prices in US dollars. Every paid plan comes with a 30-day money-back guarantee.</p>
    </div>
  );
}
