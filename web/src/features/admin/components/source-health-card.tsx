import { sourceLabel } from '@shared/schemas/sources';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useSourceHealth } from '../api/get-source-health';
import { formatCount, formatDateTime, percentFromFraction } from '../lib/format';

/** Seconds from milliseconds, as the waits column shows them. */
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms >= 10_000 ? 0 : 1)} s`;

/**
 * Each source's health on the System tab (issue 25): the counters every scan's source branch adds to (runs, the
 * share that failed or stopped early, the last success, requests and the time spent waiting for a host's rate
 * limit), worst first, with the last problem in words.
 */
export function SourceHealthCard({ enabled }: { enabled: boolean }) {
  const { data, error } = useSourceHealth(enabled);
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>
          <h2>Sources</h2>
        </CardTitle>
        <CardDescription>Telegram channels, subreddits and leak sites read by scans, all time</CardDescription>
      </CardHeader>
      <CardContent>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            The sources' health could not be loaded.
          </p>
        ) : !data ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No scan has read a source yet.</p>
        ) : (
          <Table aria-label="Source health">
            <TableHeader>
              <TableRow>
                <TableHead>Source</TableHead>
                <TableHead className="text-right">Runs</TableHead>
                <TableHead className="text-right">Error rate</TableHead>
                <TableHead>Last success</TableHead>
                <TableHead className="text-right">Requests</TableHead>
                <TableHead className="text-right">Rate-limit waits</TableHead>
                <TableHead>Last problem</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.map((s) => (
                <TableRow key={`${s.kind}:${s.target}`}>
                  <TableCell className="font-medium">{sourceLabel(s)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCount(s.runs)}</TableCell>
                  <TableCell className="text-right tabular-nums">{percentFromFraction(s.errorRate)}</TableCell>
                  <TableCell>{s.lastSuccessAt ? formatDateTime(s.lastSuccessAt) : 'Never'}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCount(s.requests)}</TableCell>
                  <TableCell className="text-right tabular-nums">{seconds(s.rateLimitWaitMs)}</TableCell>
                  <TableCell className="max-w-64 truncate text-muted-foreground" title={s.lastProblem ?? undefined}>
                    {s.lastProblem ?? '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
