import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ALERT_MODE_LABELS, type MonitorDetail } from '@shared/schemas/monitor';
import { SkippedReferencesNote, VideoReferencesNote } from '@/lib/scan/components/skipped-references-note';
import { SourcesPicker } from '@/lib/scan/components/sources-picker';
import { sourceKey, sourceLabel, type SourceSpec } from '@shared/schemas/sources';
import { ConfirmInPlace } from '@/components/confirm-in-place';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { apiErrorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { useMonitor } from '@/lib/monitors/get-monitors';
import { deleteMonitor, runMonitorNow, updateMonitor } from '@/lib/monitors/save-monitor';
import { AutoSubmitFields } from './auto-submit-fields';
import { act } from './monitor-actions';
import { cadenceLabel, lastStart, when } from './monitor-format';

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
        </div>
        <ConfirmInPlace
          trigger="Delete"
          triggerVariant="destructive"
          title="Delete this monitor?"
          confirmLabel="Delete monitor"
          dialogClassName="w-full"
          onConfirm={() =>
            act('Monitor deleted', async () => {
              await deleteMonitor(m.id);
              void navigate('/monitoring');
            })
          }
        >
          Its schedule and the reference files uploaded to it are deleted for good, and it runs no more. Its past runs with
          their results, your reference library and your cases stay.
        </ConfirmInPlace>
      </div>
      {m.pausedReason && <p className="-mt-3 mb-6 text-sm text-muted-foreground">{m.pausedReason}</p>}
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
            <p>Last run started: {lastStart(m)}</p>
            <p>Next run: {m.paused ? 'Paused' : when(m.nextRunAt)}</p>
            <p>Engines: {m.searchEngines.join(', ')}</p>
            <p>New copies found in all: {m.totalNewCount}</p>
            {m.lastSkip && (!m.lastRunAt || m.lastSkip.at > m.lastRunAt) && (
              <p className="text-amber-700 sm:col-span-2 dark:text-amber-400" role="status">
                The run due {when(m.lastSkip.dueAt)} did not start: {m.lastSkip.reason}
              </p>
            )}
            <SkippedReferencesNote className="sm:col-span-2" skipped={m.skippedReferences} />
            <VideoReferencesNote className="sm:col-span-2" videos={m.videoReferences} />
          </CardContent>
        </Card>
        <SourcesCard key={m.sources.map(sourceKey).join(',')} m={m} />
        <AutoSubmitCard key={`${m.autoSubmit}-${m.originalUrl}`} m={m} />
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Runs</CardTitle>
          </CardHeader>
          <CardContent>
            {m.runs.length === 0 ? (
              <p className="text-sm text-muted-foreground">No runs yet: the first starts within a minute or two.</p>
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

/**
 * The sources a monitor's runs read directly (issue 25): add or remove Telegram channels, subreddits and leak
 * sites, and the Telegram channels its runs saw linked, offered to add with one click.
 */
function SourcesCard({ m }: { m: MonitorDetail }) {
  const [sources, setSources] = useState<SourceSpec[]>(m.sources);
  const changed = sources.map(sourceKey).join(',') !== m.sources.map(sourceKey).join(',');
  const save = (e: FormEvent) => {
    e.preventDefault();
    void act('Sources saved', () => updateMonitor(m.id, { sources }));
  };
  const addChannel = (channel: string) => act(`Watching @${channel}`, () => updateMonitor(m.id, { sources: [...m.sources, { kind: 'telegram', target: channel }] }));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Sources</CardTitle>
        <CardDescription>
          {m.sources.length === 0 ? 'Only the search engines: add the channels, subreddits and leak sites where your content leaks.' : m.sources.map(sourceLabel).join(' · ')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={save} className="grid gap-3">
          <SourcesPicker value={sources} onChange={setSources} />
          <div>
            <Button type="submit" variant="outline" disabled={!changed}>
              Save sources
            </Button>
          </div>
        </form>
        {m.discoveredChannels.length > 0 && (
          <section aria-labelledby="discovered" className="grid gap-2 text-sm">
            <h2 id="discovered" className="font-medium">
              Telegram channels linked from your results
            </h2>
            <ul className="flex flex-wrap gap-2">
              {m.discoveredChannels.map((c) => (
                <li key={c}>
                  <Button type="button" size="sm" variant="outline" onClick={() => void addChannel(c)} aria-label={`Watch @${c}`}>
                    + @{c}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}

/** "Submit automatically" on a monitor's page: the setting, why it does not act (a plan without it), and what the last run sent. */
function AutoSubmitCard({ m }: { m: MonitorDetail }) {
  const user = useCurrentUser();
  const [checked, setChecked] = useState(m.autoSubmit);
  const [originalUrl, setOriginalUrl] = useState(m.originalUrl ?? '');
  const last = m.lastAutoSubmit;
  // One case per copy (issue 23): the copies the last run found that already had a case, one line per case.
  const filed = [...new Map((last?.alreadyFiled ?? []).map((f) => [f.caseId, f])).values()];
  const changed = checked !== m.autoSubmit || (checked && originalUrl.trim() !== (m.originalUrl ?? ''));
  const save = (e: FormEvent) => {
    e.preventDefault();
    void act(checked ? 'Automatic submission on' : 'Automatic submission off', () =>
      updateMonitor(m.id, checked ? { autoSubmit: true, originalUrl: originalUrl.trim() } : { autoSubmit: false }),
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Automatic takedown</CardTitle>
        <CardDescription>{m.autoSubmit && !m.autoSubmitInactive ? 'On: qualifying new copies are submitted for you.' : 'Off: every new copy waits for your review.'}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {m.autoSubmitInactive && (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {m.autoSubmitInactive}
          </p>
        )}
        <form onSubmit={save} className="grid gap-3">
          <AutoSubmitFields plan={user.subscriptionPlan} checked={checked} onCheckedChange={setChecked} originalUrl={originalUrl} onOriginalUrlChange={setOriginalUrl} />
          <div>
            <Button type="submit" variant="outline" disabled={!changed}>
              Save
            </Button>
          </div>
        </form>
        {last && (
          <section aria-labelledby="auto-last" className="grid gap-2 text-sm">
            <h2 id="auto-last" className="font-medium">
              Last run ({when(last.at)}): {last.sent.length} sent automatically
              {last.waiting > 0 ? `, ${last.waiting} waiting for your review` : ''}
              {filed.length > 0 ? `, ${filed.length} already ${filed.length === 1 ? 'has a case' : 'have cases'} (nothing new filed)` : ''}
            </h2>
            {last.reason && <p className="text-muted-foreground">{last.reason}</p>}
            {last.sent.length > 0 && (
              <ul aria-label="Sent automatically" className="grid gap-1">
                {last.sent.map((s) => (
                  <li key={s.caseId} className="break-all">
                    <Link to={`/dmca/${s.caseId}`} className="underline-offset-4 hover:underline">
                      {s.caseNumber ?? 'Case'}
                    </Link>{' '}
                    <span className="text-muted-foreground">{s.url}</span>
                  </li>
                ))}
              </ul>
            )}
            {filed.length > 0 && (
              <ul aria-label="Already have cases" className="grid gap-1">
                {filed.map((f) => (
                  <li key={f.caseId} className="break-all">
                    <Link to={`/dmca/${f.caseId}`} className="underline-offset-4 hover:underline">
                      {f.caseNumber}
                    </Link>{' '}
                    <span className="text-muted-foreground">{f.url}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </CardContent>
    </Card>
  );
}
