import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { BENCHMARK, Figure, statDate } from '@/lib/public-stats/figures';

/** The matcher's benchmark figures from the repository (bench/published.json), with how and when each was measured. */
export function BenchmarksTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Benchmarks</h2>
        </CardTitle>
        <CardDescription>
          Measured on <Figure source="benchmark" id="measuredOn">{statDate(BENCHMARK.measuredOn)}</Figure> with the benchmarks in Vigil&apos;s repository ({BENCHMARK.source}). Other
          services are not compared: we have no measured source for them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Figure</TableHead>
              <TableHead className="text-right">Vigil</TableHead>
              <TableHead>How it was measured</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {BENCHMARK.claims.map((c) => (
              <TableRow key={c.id}>
                <TableCell className="whitespace-normal font-medium">{c.label}</TableCell>
                <TableCell className="text-right font-semibold tabular-nums">
                  <Figure source="benchmark" id={c.id}>
                    {c.value}
                  </Figure>
                </TableCell>
                <TableCell className="whitespace-normal text-xs text-muted-foreground">
                  <Figure source="benchmark" id={`${c.id}-how`}>
                    {c.how}
                  </Figure>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
