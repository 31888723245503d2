import { CalendarClock, Download } from 'lucide-react';
import { useState } from 'react';
import { contract } from '@shared/contract';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { api, apiErrorMessage, apiPath } from '@/lib/api-client';

/** The platform report of the last 30 days (figures only): the server names the file. */
const EXPORT_PATH = apiPath(contract.platformReport, { query: { format: 'pdf' } });

/**
 * Export Report downloads the platform report (PDF); Schedule Report e-mails it to the administrators now.
 * The same report also goes out by itself on the 1st of every month.
 */
export function ReportActions() {
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const sent = await api(contract.sendReportNow);
      toast({
        title: 'Report sent',
        description: `The report for ${sent.period.from} to ${sent.period.to} went to ${sent.recipients.length} administrator${sent.recipients.length === 1 ? '' : 's'}. It is also sent on the 1st of every month.`,
      });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Report not sent', description: apiErrorMessage(error, 'Please try again.') });
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="flex gap-2">
      <Button asChild variant="outline">
        <a href={EXPORT_PATH} download>
          <Download aria-hidden="true" />
          Export Report
        </a>
      </Button>
      <Button type="button" onClick={() => void send()} disabled={sending}>
        <CalendarClock aria-hidden="true" />
        Schedule Report
      </Button>
    </div>
  );
}
