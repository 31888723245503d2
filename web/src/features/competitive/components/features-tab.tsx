import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { FEATURE_ROWS } from '../data/competitive-content';
import { SupportMark } from './support-mark';

/** The feature list, with what two typical competitors offer. */
export function FeaturesTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Feature comparison</h2>
        </CardTitle>
        <CardDescription>Everything included with Vigil, compared with two typical competitors.</CardDescription>
      </CardHeader>
      <CardContent>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Feature</TableHead>
              <TableHead className="text-center">Vigil</TableHead>
              <TableHead className="text-center">Competitor A</TableHead>
              <TableHead className="text-center">Competitor B</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {FEATURE_ROWS.map((row) => (
              <TableRow key={row.feature}>
                <TableCell className="whitespace-normal">
                  <p className="font-medium">{row.feature}</p>
                  <p className="text-xs text-muted-foreground">{row.description}</p>
                </TableCell>
                <TableCell className="bg-primary/5 text-center">
                  <SupportMark support={row.vigil} />
                </TableCell>
                <TableCell className="text-center">
                  <SupportMark support={row.competitorA} />
                </TableCell>
                <TableCell className="text-center">
                  <SupportMark support={row.competitorB} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
