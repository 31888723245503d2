import { AlertTriangle, CheckCircle2, Clock, FileText, Layers, Search, Send, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { useUserStats } from '@/lib/results/get-user-stats';
import { cn, utcDateText } from '@/lib/utils';
import { useUsage } from '../api/get-usage';
import { useAccountPlan } from '../hooks/use-account-plan';
import { ACCOUNT_PLAN_NAMES, ACCOUNT_SEARCH_ALLOWANCE, bulkSubmissionsText, dailySendsText, usageMeter, type UsageMeter } from '../lib/account-plans';

const monthName = (period: string) => {
  const d = new Date(`${period}-01T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? period : d.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
};

/**
 * Usage & Limits: this month's usage as the server counted it (`GET /api/user/me/usage`) against the allowances of
 * the stored plan it answers with, and the all-time counters. A figure that could not be loaded shows a dash,
 * never an invented number.
 */
export function UsageTab() {
  const account = useAccountPlan();
  const usage = useUsage();
  const stats = useUserStats();
  // The usage answer names the plan its allowances belong to; before it arrives, the plan the page knows.
  const plan = usage.data?.plan ?? account.plan;
  const allowance = usage.data ? usage.data.allowances.scans.limit : ACCOUNT_SEARCH_ALLOWANCE[plan];

  if ((usage.isLoading && !usage.data) || (stats.isLoading && !stats.data)) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-6" label="Loading usage" />
      </div>
    );
  }

  const month = usage.data ? monthName(usage.data.period) : 'This month';
  // The counters the server's allowance gates take from, so what is shown is what is enforced.
  const scans = usage.data ? usageMeter(usage.data.allowances.scans.used, usage.data.allowances.scans.limit) : undefined;
  const submissions = usage.data ? usageMeter(usage.data.allowances.submissions.used, usage.data.allowances.submissions.limit) : undefined;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>{month}</h2>
          </CardTitle>
          <CardDescription>
            Your usage on the {ACCOUNT_PLAN_NAMES[plan]} plan ({allowance === null ? 'unlimited scans' : `${allowance} scans per month`}).
            {usage.data && (
              <>
                {' '}
                Allowances reset on <span data-testid="usage-resets">{utcDateText(usage.data.resetsAt)}</span> (UTC).
              </>
            )}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <Meter icon={Search} label="Scans this month" meter={scans} testId="usage-scans" plan={plan} what="scans" />
          <Meter icon={Send} label="Violations submitted this month" meter={submissions} testId="usage-submissions" plan={plan} what="submissions" />
          <div className="grid gap-4 sm:grid-cols-3">
            <MonthFigure icon={Layers} label="Scans started this month (monitors included)" value={usage.data?.searches} testId="usage-searches" />
            <MonthFigure icon={FileText} label="DMCA cases this month" value={usage.data?.cases} testId="usage-cases" />
            <MonthFigure icon={AlertTriangle} label="Violations found this month" value={usage.data?.violations} testId="usage-violations" />
          </div>
          {usage.data && (
            <dl className="grid gap-3 border-t pt-4 text-sm sm:grid-cols-2" aria-label="Plan limits">
              <Limit icon={Zap} label="Automated notices a day" value={dailySendsText(usage.data.allowances.submissions.perDay)} />
              <Limit icon={Layers} label="Bulk submissions" value={bulkSubmissionsText(usage.data.allowances.bulkSubmissions)} />
            </dl>
          )}
          {usage.error !== undefined && <p className="text-sm text-muted-foreground">This month's usage could not be loaded. Please try again later.</p>}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>All-time protection</h2>
          </CardTitle>
          <CardDescription>Counters across all your scans and cases.</CardDescription>
        </CardHeader>
        <CardContent>
          {stats.data ? (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Counter icon={AlertTriangle} tone="bg-red-50 text-red-600" label="Active violations" value={stats.data.activeViolations} />
              <Counter icon={CheckCircle2} tone="bg-emerald-50 text-emerald-700" label="Resolved cases" value={stats.data.resolvedCases} />
              <Counter icon={Send} tone="bg-indigo-50 text-indigo-600" label="DMCA notices sent" value={stats.data.dmcaSent} />
              <Counter icon={Clock} tone="bg-amber-50 text-amber-700" label="Pending review" value={stats.data.pendingReview} />
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">Your counters could not be loaded. Please try again later.</p>
          )}
        </CardContent>
      </Card>

      {plan !== 'enterprise' && (
        <div className="flex flex-col items-start gap-3 rounded-xl border bg-gradient-to-br from-primary/10 via-background to-background p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">Need more searches or automated takedowns? Compare plans and upgrade at any time.</p>
          <Button asChild size="sm">
            <Link to="/account?tab=billing">See plans</Link>
          </Button>
        </div>
      )}
    </div>
  );
}

function Meter(props: { icon: typeof Search; label: string; meter: UsageMeter | undefined; testId: string; plan: string; what: string }) {
  const { icon: Icon, label, meter, testId, plan, what } = props;
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="flex items-center gap-2 font-medium">
          <Icon className="size-4 text-primary" aria-hidden="true" />
          {label}
        </span>
        <span className={cn('tabular-nums', meter?.over && 'font-semibold text-destructive')} data-testid={testId}>
          {meter ? meter.label : <Unavailable />}
        </span>
      </div>
      {meter && meter.limit !== null && <Progress value={meter.percent} aria-label={label} className={cn(meter.over && '[&>*]:bg-destructive')} />}
      {meter?.over && plan !== 'enterprise' && (
        <p className="text-sm text-destructive">
          You have used this month's {what}.{' '}
          <Link to="/account?tab=billing" className="font-medium underline underline-offset-4">
            Upgrade for more
          </Link>
        </p>
      )}
    </div>
  );
}

function MonthFigure({ icon: Icon, label, value, testId }: { icon: typeof Search; label: string; value: number | undefined; testId: string }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border p-4">
      <Icon className="size-5 text-primary" aria-hidden="true" />
      <div>
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-xl font-semibold tabular-nums" data-testid={testId}>
          {value ?? <Unavailable />}
        </p>
      </div>
    </div>
  );
}

/** A figure that could not be loaded. */
function Unavailable() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">Unavailable</span>
    </span>
  );
}

function Limit({ icon: Icon, label, value }: { icon: typeof Search; label: string; value: string }) {
  return (
    // dt and dd sit directly in the div (a <dl> allows only those in its groups), the icon inside the term.
    <div>
      <dt className="flex items-start gap-2 font-medium">
        <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        {label}
      </dt>
      <dd className="pl-6 text-muted-foreground">{value}</dd>
    </div>
  );
}

function Counter({ icon: Icon, tone, label, value }: { icon: typeof Search; tone: string; label: string; value: number }) {
  return (
    <li className="flex items-center gap-3">
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)}>
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div>
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tabular-nums">{value}</p>
      </div>
    </li>
  );
}
