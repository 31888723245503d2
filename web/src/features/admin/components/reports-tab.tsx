import { FileSpreadsheet, FileText } from 'lucide-react';
import { contract } from '@shared/contract';
import { BUSINESS_REPORTS, type BusinessReportKind } from '@shared/schemas/platform';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { apiPath } from '@/lib/api-client';

const reportPath = (kind: BusinessReportKind, format: 'pdf' | 'csv') => apiPath(contract.businessReport, { params: { kind }, query: { format } });

/**
 * Reports: the six business reports, each computed from the dashboard's figures when asked and downloaded as PDF
 * or CSV (`GET /api/admin/reports/{kind}`; the server names the file).
 */
export function ReportsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Reports</h2>
        </CardTitle>
        <CardDescription>Financial and user reports from the recorded figures, as PDF or CSV</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {(Object.entries(BUSINESS_REPORTS) as [BusinessReportKind, string][]).map(([kind, title]) => (
            <li key={kind} className="flex flex-col gap-2 rounded-lg border p-3">
              <p className="flex items-center gap-2 text-sm font-medium">
                <FileText className="size-4 text-primary" aria-hidden="true" />
                {title}
              </p>
              <div className="flex gap-2">
                <Button asChild variant="outline" size="sm">
                  <a href={reportPath(kind, 'pdf')} download aria-label={`${title} (PDF)`}>
                    <FileText aria-hidden="true" />
                    PDF
                  </a>
                </Button>
                <Button asChild variant="outline" size="sm">
                  <a href={reportPath(kind, 'csv')} download aria-label={`${title} (CSV)`}>
                    <FileSpreadsheet aria-hidden="true" />
                    CSV
                  </a>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
