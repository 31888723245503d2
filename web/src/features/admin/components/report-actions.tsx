import { CalendarCheck, CalendarClock, Download } from 'lucide-react';
import { useState } from 'react';
import { contract } from '@shared/contract';
import type { ReportSchedule } from '@shared/schemas/report';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { apiErrorMessage, apiPath } from '@/lib/api-client';
import { utcDateText } from '@/lib/utils';
import { useReportSchedule } from '../api/get-report-schedule';
import { setReportSchedule } from '../api/set-report-schedule';

/** The platform report of the last 30 days (figures only): the server names the file. */
const EXPORT_PATH = apiPath(contract.platformReport, { query: { format: 'pdf' } });

const admins = (n: number) => `${n} administrator${n === 1 ? '' : 's'}`;

/** What the schedule does, in one line beside the button. */
function scheduleText(s: ReportSchedule): string {
  if (!s.enabled) return 'Monthly report e-mail: off';
  return `Monthly report e-mail: on, next ${utcDateText(s.nextSendAt!)} to ${admins(s.recipients.length)}`;
}

/**
 * Export Report downloads the platform report (PDF). Schedule Report turns the monthly e-mail on or off: when on,
 * the job on the 1st of each month sends the previous month's report (PDF and CSV) to the administrators
 * (REPORT_RECIPIENTS); the button is pressed while it is on, and the line beside it gives the next send date.
 */
export function ReportActions() {
  const { data: schedule } = useReportSchedule();
  const [saving, setSaving] = useState(false);
  const toggle = async () => {
    if (!schedule) return;
    setSaving(true);
    try {
      const saved = await setReportSchedule(!schedule.enabled);
      toast(
        saved.enabled
          ? { title: 'Report scheduled', description: `The platform report goes to ${admins(saved.recipients.length)} on the 1st of every month, next on ${utcDateText(saved.nextSendAt!)}.` }
          : { title: 'Report schedule stopped', description: 'The monthly platform report is no longer e-mailed. Export Report still downloads it.' },
      );
    } catch (error) {
      toast({ variant: 'destructive', title: 'Schedule not changed', description: apiErrorMessage(error, 'Please try again.') });
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <div className="flex gap-2">
        <Button asChild variant="outline">
          <a href={EXPORT_PATH} download>
            <Download aria-hidden="true" />
            Export Report
          </a>
        </Button>
        <Button
          type="button"
          variant={schedule?.enabled ? 'secondary' : 'default'}
          aria-pressed={schedule?.enabled ?? false}
          aria-describedby="report-schedule"
          onClick={() => void toggle()}
          disabled={!schedule || saving}
        >
          {schedule?.enabled ? <CalendarCheck aria-hidden="true" /> : <CalendarClock aria-hidden="true" />}
          Schedule Report
        </Button>
      </div>
      <p id="report-schedule" role="status" className="text-sm text-muted-foreground" data-testid="report-schedule">
        {schedule ? scheduleText(schedule) : ''}
      </p>
    </div>
  );
}
