import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ManagedUser } from '@shared/schemas/admin';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, formatDate, formatUsd } from '../lib/format';
import { PlanBadge, StatusBadge, userName } from './user-badges';

/** The selected user's record, under the table. */
export function UserDetails({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const fields: [string, ReactNode][] = [
    ['Email', user.email],
    ['Joined', formatDate(user.joinDate)],
    ['Plan', <PlanBadge key="plan" plan={user.subscriptionPlan} />],
    ['Status', <StatusBadge key="status" status={user.status} />],
    ['Discount', `${user.discount}%`],
    ['Total spent', formatUsd(user.totalSpent)],
    ['Searches', formatCount(user.searches)],
    ['DMCA cases', formatCount(user.dmcaCases)],
    ['User id', <code key="id" className="text-xs">{user.id}</code>],
  ];
  return (
    <Card className="gap-4" aria-label={`Details of ${userName(user)}`} role="region">
      <CardHeader className="flex-row items-start justify-between">
        <div className="space-y-1.5">
          <CardTitle>
            <h3>{userName(user)}</h3>
          </CardTitle>
          <CardDescription>User details</CardDescription>
        </div>
        <Button type="button" variant="ghost" size="icon" onClick={onClose} aria-label="Close details">
          <X aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
          {fields.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="mt-0.5 text-sm font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
