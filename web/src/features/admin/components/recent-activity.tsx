import { Activity } from 'lucide-react';
import type { ActivityKind } from '@shared/schemas/platform';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-client';
import { useAdminActivity } from '../api/get-activity';
import { formatDateTime } from '../lib/format';

const TONES: Record<ActivityKind, string> = {
  signup: 'bg-sky-500',
  'subscription-started': 'bg-emerald-500',
  'plan-changed': 'bg-indigo-500',
  'subscription-cancelled': 'bg-red-500',
  'scan-finished': 'bg-amber-500',
  'notice-sent': 'bg-violet-500',
  'case-resolved': 'bg-emerald-700',
};

/** Overview: the platform's newest business events, as recorded (GET /api/admin/activity). */
export function RecentActivity() {
  const { data, error } = useAdminActivity(true);
  let body;
  if (error) body = <p className="text-sm text-destructive">{apiErrorMessage(error, 'Recent activity could not be loaded.')}</p>;
  else if (!data) body = <Spinner label="Loading recent activity" />;
  else if (data.length === 0) body = <p className="text-sm text-muted-foreground">Nothing has happened on the platform yet.</p>;
  else {
    body = (
      <ul className="divide-y" data-testid="admin-activity">
        {data.map((item) => (
          <li key={item.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
            <span className={`mt-1.5 size-2 shrink-0 rounded-full ${TONES[item.kind]}`} aria-hidden="true" />
            <p className="min-w-0 flex-1 text-sm">{item.summary}</p>
            <time dateTime={item.at} className="shrink-0 text-xs text-muted-foreground">
              {formatDateTime(item.at)}
            </time>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <Activity className="size-4 text-primary" aria-hidden="true" />
            Recent Activity
          </h2>
        </CardTitle>
        <CardDescription>Sign-ups, plan changes, scans, notices and removals, newest first</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
