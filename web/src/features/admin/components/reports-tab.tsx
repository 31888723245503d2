import { FileText } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { REPORTS } from '../data/static-figures';

/** Reports: the six report buttons (Export and Schedule work, PRODUCT.md section 10; the others are display only). */
export function ReportsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Reports</h2>
        </CardTitle>
        <CardDescription>Financial and user reports</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {REPORTS.map((report) => (
            <Button key={report} type="button" variant="outline" className="h-auto justify-start py-3">
              <FileText aria-hidden="true" />
              {report}
            </Button>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
