import { Pause, Play, Radar, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ALERT_MODES, ALERT_MODE_LABELS, type AlertMode, type Cadence, type Monitor } from '@shared/schemas/monitor';
import { planRule } from '@shared/plans';
import { ScanStartForm } from '@/lib/scan/components/scan-start-form';
import type { ScanStartFormValues } from '@/lib/scan/scan-start';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { PageSpinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { showPlanLimit } from '@/lib/plan-limit';
import { useMonitors } from '@/lib/monitors/get-monitors';
import { createMonitor, runMonitorNow, updateMonitor } from '@/lib/monitors/save-monitor';
import { AutoSubmitFields } from './auto-submit-fields';
import { act } from './monitor-actions';
import { allowedCadences, cadenceLabel, when } from './monitor-format';

const selectClass = 'h-9 rounded-md border bg-background px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * The Monitoring page (issue 11): the creator's monitors with cadence, last and next run and new counts, with
 * pause/resume and run now, and the form that creates one (the scan form plus cadence and alerts).
 */
export function MonitoringPage() {
  const user = useCurrentUser();
  const { data: monitors, error, isLoading } = useMonitors();
  const rule = planRule(user.subscriptionPlan);
  const cadences = allowedCadences(user.subscriptionPlan);
  const [cadence, setCadence] = useState<Cadence>(cadences[0]!);
  const [alerts, setAlerts] = useState<AlertMode>('instant');
  const [autoSubmit, setAutoSubmit] = useState(false);
  const [originalUrl, setOriginalUrl] = useState('');
  const cadenceId = useId();
  const alertsId = useId();
  const count = monitors?.length ?? 0;
  const full = count >= rule.monitors.count;

  const onCreate = async (values: ScanStartFormValues) => {
    try {
      await createMonitor({ ...values, cadence, alerts, autoSubmit: autoSubmit && rule.automatedSubmission, originalUrl });
      toast({ title: 'Monitor created', description: 'Its first run starts within a minute or two, and counts as one of your scans.' });
    } catch (err) {
      // The plan's monitor count or cadence (402 PLAN_LIMIT), or "Submit automatically" on a trial (PLAN_REQUIRED).
      if (!showPlanLimit(err)) toast({ variant: 'destructive', title: 'Monitor not created', description: apiErrorMessage(err, 'Please try again.') });
      throw err;
    }
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <title>Monitoring · Vigil</title>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Monitoring</h1>
        <p className="mt-1 text-muted-foreground">
          Vigil scans again on a schedule, tells you what is new, and checks that removed copies stay gone. Your {rule.name} plan includes{' '}
          {rule.monitors.count} monitor{rule.monitors.count === 1 ? '' : 's'}, at most {cadenceLabel(rule.monitors.fastest).toLowerCase()}.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-6">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Your monitors ({count} of {rule.monitors.count})</CardTitle>
          </CardHeader>
          <CardContent>
            {isLoading ? (
              <PageSpinner label="Loading monitors" />
            ) : error ? (
              <p role="alert" className="text-sm text-destructive">{apiErrorMessage(error, 'Monitors could not be loaded.')}</p>
            ) : count === 0 ? (
              <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-muted-foreground">
                <Radar className="size-8" aria-hidden="true" />
                No monitors yet. Create one below.
              </div>
            ) : (
              <MonitorTable monitors={monitors!} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">New monitor</CardTitle>
            <CardDescription>{full ? 'Your plan’s monitors are all in use. Delete one or upgrade to add another.' : 'The same names and reference files as a scan, run on a schedule.'}</CardDescription>
          </CardHeader>
          <CardContent>
            <ScanStartForm submitLabel="Create Monitor" onStart={onCreate} running={false}>
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="grid gap-2">
                  <Label htmlFor={cadenceId}>Cadence</Label>
                  <select id={cadenceId} className={selectClass} value={cadence} onChange={(e) => setCadence(e.target.value as Cadence)}>
                    {cadences.map((c) => (
                      <option key={c} value={c}>
                        {cadenceLabel(c)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={alertsId}>E-mail alerts</Label>
                  <select id={alertsId} className={selectClass} value={alerts} onChange={(e) => setAlerts(e.target.value as AlertMode)}>
                    {ALERT_MODES.map((m) => (
                      <option key={m} value={m}>
                        {ALERT_MODE_LABELS[m]}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              <AutoSubmitFields
                plan={user.subscriptionPlan}
                checked={autoSubmit}
                onCheckedChange={setAutoSubmit}
                originalUrl={originalUrl}
                onOriginalUrlChange={setOriginalUrl}
              />
            </ScanStartForm>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function MonitorTable({ monitors }: { monitors: Monitor[] }) {
  return (
    <Table aria-label="Monitors">
      <TableHeader>
        <TableRow>
          <TableHead>Monitor</TableHead>
          <TableHead>Cadence</TableHead>
          <TableHead>Last run</TableHead>
          <TableHead>Next run</TableHead>
          <TableHead>New</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {monitors.map((m) => (
          <TableRow key={m.id}>
            <TableCell>
              <Link to={`/monitoring/${m.id}`} className="font-medium underline-offset-4 hover:underline">
                {m.name}
              </Link>
              {m.paused && (
                <Badge variant="secondary" className="ml-2">
                  Paused
                </Badge>
              )}
              {m.autoSubmit && !m.autoSubmitInactive && (
                <Badge variant="outline" className="ml-2">
                  Submits automatically
                </Badge>
              )}
              {m.pausedReason && <p className="mt-1 max-w-md text-xs text-muted-foreground">{m.pausedReason}</p>}
            </TableCell>
            <TableCell>{cadenceLabel(m.cadence)}</TableCell>
            <TableCell>{when(m.lastRunAt)}</TableCell>
            <TableCell>{m.paused ? 'Paused' : when(m.nextRunAt)}</TableCell>
            <TableCell>
              <span className="tabular-nums" data-testid="new-count">{m.lastNewCount}</span>
              <span className="text-xs text-muted-foreground"> last run · {m.totalNewCount} in all</span>
            </TableCell>
            <TableCell className="space-x-2 text-right whitespace-nowrap">
              <Button size="sm" variant="outline" onClick={() => act(m.paused ? 'Monitor resumed' : 'Monitor paused', () => updateMonitor(m.id, { paused: !m.paused }))}>
                {m.paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
                {m.paused ? 'Resume' : 'Pause'}
              </Button>
              <Button size="sm" variant="outline" disabled={m.paused} onClick={() => act('Run started', () => runMonitorNow(m.id))}>
                <RefreshCw aria-hidden="true" />
                Run now
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
