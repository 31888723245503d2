import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { BENCHMARKS } from '../data/competitive-content';

/** Industry averages and competitor benchmarks. */
export function BenchmarksTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Performance benchmarks</h2>
        </CardTitle>
        <CardDescription>Vigil against industry averages and other content protection services.</CardDescription>
      </CardHeader>
      <CardContent>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Metric</TableHead>
              <TableHead className="text-primary">Vigil</TableHead>
              <TableHead>Industry average</TableHead>
              <TableHead>Competitor A</TableHead>
              <TableHead>Competitor B</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {BENCHMARKS.map((row) => (
              <TableRow key={row.metric}>
                <TableCell className="font-medium">{row.metric}</TableCell>
                <TableCell className="bg-primary/5 font-semibold text-primary">{row.vigil}</TableCell>
                <TableCell>{row.industry}</TableCell>
                <TableCell>{row.competitorA}</TableCell>
                <TableCell>{row.competitorB}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
