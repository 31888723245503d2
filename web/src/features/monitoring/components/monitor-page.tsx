import { Link, useNavigate, useParams } from 'react-router';
import { ALERT_MODE_LABELS } from '@shared/schemas/monitor';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { apiErrorMessage } from '@/lib/api-client';
import { deleteMonitor, runMonitorNow, updateMonitor, useMonitor } from '@/lib/monitors-api';
import { act } from './monitor-actions';
import { cadenceLabel, when } from './monitor-format';

/** A monitor's page: what it watches, its schedule, and its last 20 runs with their new counts. */
export function MonitorPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: m, error, isLoading } = useMonitor(id);
  if (isLoading) return <PageSpinner label="Loading monitor" />;
  if (error || !m) {
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-8">
        <p role="alert">{apiErrorMessage(error, 'This monitor could not be loaded.')}</p>
        <Link to="/monitoring" className="underline">Back to Monitoring</Link>
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <title>{`${m.name} · Monitoring · Vigil`}</title>
      <Link to="/monitoring" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        ← Monitoring
      </Link>
      <div className="mt-2 mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{m.name}</h1>
        {m.paused && <Badge variant="secondary">Paused</Badge>}
        <div className="ml-auto flex gap-2">
          <Button variant="outline" onClick={() => act(m.paused ? 'Monitor resumed' : 'Monitor paused', () => updateMonitor(m.id, { paused: !m.paused }))}>
            {m.paused ? 'Resume' : 'Pause'}
          </Button>
          <Button variant="outline" disabled={m.paused} onClick={() => act('Run started', () => runMonitorNow(m.id))}>
            Run now
          </Button>
          <Button
            variant="destructive"
            onClick={() =>
              act('Monitor deleted', async () => {
                await deleteMonitor(m.id);
                void navigate('/monitoring');
              })
            }
          >
            Delete
          </Button>
        </div>
      </div>
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Watching</CardTitle>
            <CardDescription>
              {[m.names.join(', '), m.references.map((r) => r.filename).join(', ')].filter(Boolean).join(' · ')}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-1 text-sm sm:grid-cols-2">
            <p>Cadence: {cadenceLabel(m.cadence)}</p>
            <p>E-mail alerts: {ALERT_MODE_LABELS[m.alerts]}</p>
            <p>Last run: {when(m.lastRunAt)}</p>
            <p>Next run: {m.paused ? 'Paused' : when(m.nextRunAt)}</p>
            <p>Engines: {m.searchEngines.join(', ')}</p>
            <p>New copies found in all: {m.totalNewCount}</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Runs</CardTitle>
          </CardHeader>
          <CardContent>
            {m.runs.length === 0 ? (
              <p className="text-sm text-muted-foreground">No runs yet: the first starts within a few minutes.</p>
            ) : (
              <Table aria-label="Runs">
                <TableHeader>
                  <TableRow>
                    <TableHead>Started</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>New</TableHead>
                    <TableHead className="text-right">Results</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {m.runs.map((r) => (
                    <TableRow key={r.searchId}>
                      <TableCell>{when(r.startedAt)}</TableCell>
                      <TableCell className="capitalize">{r.status}</TableCell>
                      <TableCell className="tabular-nums">{r.newCount ?? '—'}</TableCell>
                      <TableCell className="text-right">
                        <Link to={`/search?id=${r.searchId}${r.newCount ? '&filter=new' : ''}`} className="underline-offset-4 hover:underline">
                          View
                        </Link>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
