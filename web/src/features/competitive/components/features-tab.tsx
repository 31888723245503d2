import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { FEATURE_ROWS } from '../data/competitive-content';
import { SupportMark } from './support-mark';

/** What Vigil does and does not do. Competitors are left out: there is no measured source for their features. */
export function FeaturesTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Feature comparison</h2>
        </CardTitle>
        <CardDescription>What Vigil does today, and what it does not. Other services are not compared: we have no verified source for their features.</CardDescription>
      </CardHeader>
      <CardContent>
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Feature</TableHead>
              <TableHead className="text-center">Vigil</TableHead>
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
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
