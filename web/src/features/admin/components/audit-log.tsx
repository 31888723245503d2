import { ScrollText } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { apiErrorMessage } from '@/lib/api-client';
import { useAuditLog } from '../api/get-audit-log';
import { formatDateTime } from '../lib/format';

/** The admin audit log: who changed what, when (GET /api/admin/audit), newest first. */
export function AuditLog() {
  const { data, error } = useAuditLog(true);
  let body;
  if (error) body = <p className="text-sm text-destructive">{apiErrorMessage(error, 'The audit log could not be loaded.')}</p>;
  else if (!data) body = <Spinner label="Loading the audit log" />;
  else if (data.length === 0) body = <p className="text-sm text-muted-foreground">No administrator change recorded yet.</p>;
  else {
    body = (
      <Table data-testid="audit-log">
        <TableHeader>
          <TableRow>
            <TableHead>When</TableHead>
            <TableHead>Who</TableHead>
            <TableHead>What</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.map((e) => (
            <TableRow key={e.id}>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              </TableCell>
              <TableCell>{e.actorEmail}</TableCell>
              <TableCell>{e.summary}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <ScrollText className="size-4 text-primary" aria-hidden="true" />
            Audit Log
          </h2>
        </CardTitle>
        <CardDescription>Administrator changes: settings, discounts and the report schedule</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
