import { Link } from 'react-router';
import { ALERT_MODES, ALERT_MODE_LABELS, type AlertMode } from '@shared/schemas/monitor';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-client';
import { useMonitors } from '@/lib/monitors/get-monitors';
import { updateMonitor } from '@/lib/monitors/save-monitor';

/** Alert settings (issue 11): per monitor, e-mail after each run, a daily digest, or none. The bell always shows alerts. */
export function AlertsTab() {
  const { data: monitors, error } = useMonitors();
  const change = async (id: string, alerts: AlertMode) => {
    try {
      await updateMonitor(id, { alerts });
      toast({ title: 'Alert setting saved' });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Not saved', description: apiErrorMessage(err, 'Please try again.') });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Alerts</CardTitle>
        <CardDescription>
          When a monitor finds new high-priority copies, or a removed copy comes back, Vigil e-mails you as chosen here. The bell in the
          navigation bar shows every alert.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {error ? (
          <p role="alert" className="text-sm text-destructive">{apiErrorMessage(error, 'Monitors could not be loaded.')}</p>
        ) : !monitors?.length ? (
          <p className="text-sm text-muted-foreground">
            No monitors yet. <Link to="/monitoring" className="underline">Create one on the Monitoring page.</Link>
          </p>
        ) : (
          <ul className="divide-y">
            {monitors.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <label htmlFor={`alerts-${m.id}`} className="font-medium">
                  {m.name}
                </label>
                <select
                  id={`alerts-${m.id}`}
                  className="h-9 rounded-md border bg-background px-3 text-sm"
                  value={m.alerts}
                  onChange={(e) => void change(m.id, e.target.value as AlertMode)}
                >
                  {ALERT_MODES.map((a) => (
                    <option key={a} value={a}>
                      {ALERT_MODE_LABELS[a]}
                    </option>
                  ))}
                </select>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
