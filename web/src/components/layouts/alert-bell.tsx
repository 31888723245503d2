import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useAlerts } from '@/lib/monitors/get-alerts';
import { markAlertsRead } from '@/lib/monitors/mark-alerts-read';

/** The notification bell of the navigation bar: unread monitor alerts (new copies, copies back online). */
export function AlertBell() {
  const { data } = useAlerts();
  const unread = data?.unread ?? 0;
  const alerts = data?.alerts.slice(0, 8) ?? [];
  return (
    <DropdownMenu onOpenChange={(open) => !open && unread > 0 && void markAlertsRead()}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={unread > 0 ? `Notifications: ${unread} unread` : 'Notifications'}>
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span className="absolute -top-0.5 -right-0.5 flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold text-white" data-testid="alert-count">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80">
        <DropdownMenuLabel>Alerts</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {alerts.length === 0 ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">No alerts yet. Monitors tell you here when they find something new.</p>
        ) : (
          alerts.map((a) => (
            <DropdownMenuItem key={a.id} asChild>
              <Link to={a.kind === 'reappeared' && a.items[0]?.caseId ? `/dmca/${a.items[0].caseId}` : `/search?id=${a.searchId}&filter=new`} className="flex flex-col items-start gap-0.5">
                <span className={a.read ? 'text-sm' : 'text-sm font-semibold'}>{a.title.replace(/^Vigil: /, '')}</span>
                {a.summary && <span className="text-xs">{a.summary}</span>}
                <span className="text-xs text-muted-foreground">{new Date(a.createdAt).toLocaleString()}</span>
              </Link>
            </DropdownMenuItem>
          ))
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/monitoring">All monitors</Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
