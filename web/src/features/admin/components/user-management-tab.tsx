import { Eye, Pencil } from 'lucide-react';
import { useState } from 'react';
import type { ManagedUser } from '@shared/schemas/admin';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import type { useManagedUsers } from '../api/get-managed-users';
import { useDiscountEditor } from '../hooks/use-discount-editor';
import { formatCount, formatDate, formatUsd } from '../lib/format';
import { PlanBadge, StatusBadge, userName } from './user-badges';
import { UserDetails } from './user-details';

/**
 * User Management (PRODUCT.md section 2): every user with plan, status, discount (inline edit), total spent and activity.
 * View Details selects a user (highlighted row, details below the table). Further pages load on request.
 */
export function UserManagementTab({ managed }: { managed: ReturnType<typeof useManagedUsers> }) {
  const { users, hasMore, loadingMore, loadMore, mutate } = managed;
  const editor = useDiscountEditor(() => mutate());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = users.find((u) => u.id === selectedId);

  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>User Management</h2>
          </CardTitle>
          <CardDescription>{formatCount(users.length)} users loaded. Set a discount to lower a user's plan price.</CardDescription>
        </CardHeader>
        <CardContent>
          {users.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">No users yet.</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>User</TableHead>
                  <TableHead>Plan</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Discount</TableHead>
                  <TableHead className="text-right">Total Spent</TableHead>
                  <TableHead>Activity</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {users.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    selected={user.id === selectedId}
                    onSelect={() => setSelectedId(user.id)}
                    editor={editor}
                  />
                ))}
              </TableBody>
            </Table>
          )}
          {hasMore && (
            <div className="mt-4 flex justify-center">
              <Button type="button" variant="outline" onClick={() => void loadMore()} disabled={loadingMore}>
                {loadingMore && <Spinner className="size-4" label="Loading more users" />}
                Load more users
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
      {selected && <UserDetails user={selected} onClose={() => setSelectedId(null)} />}
    </div>
  );
}

interface UserRowProps {
  user: ManagedUser;
  selected: boolean;
  onSelect: () => void;
  editor: ReturnType<typeof useDiscountEditor>;
}

function UserRow({ user, selected, onSelect, editor }: UserRowProps) {
  const name = userName(user);
  const editing = editor.editingId === user.id;
  return (
    <TableRow data-state={selected ? 'selected' : undefined} aria-selected={selected} className={cn(selected && 'bg-accent/60 hover:bg-accent/60')}>
      <TableCell>
        <p className="font-medium">{name}</p>
        <p className="text-xs text-muted-foreground">{user.email}</p>
        <p className="text-xs text-muted-foreground">Joined {formatDate(user.joinDate)}</p>
      </TableCell>
      <TableCell>
        <PlanBadge plan={user.subscriptionPlan} />
      </TableCell>
      <TableCell>
        <StatusBadge status={user.status} />
      </TableCell>
      <TableCell>
        {editing ? (
          <form
            // The check of PRODUCT.md section 5 (toast 'Invalid discount value') replaces the browser's min/max bubble.
            noValidate
            className="flex items-center gap-1.5"
            onSubmit={(e) => {
              e.preventDefault();
              void editor.save();
            }}
          >
            <div className="relative">
              <Input
                type="number"
                min={0}
                max={100}
                step="any"
                value={editor.draft}
                onChange={(e) => editor.setDraft(e.target.value)}
                aria-label={`Discount percent for ${name}`}
                className="h-8 w-20 pr-6"
                autoFocus
              />
              <span className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 text-xs text-muted-foreground">%</span>
            </div>
            <Button type="submit" size="sm" disabled={editor.saving}>
              Save
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={editor.cancel} disabled={editor.saving}>
              Cancel
            </Button>
          </form>
        ) : (
          <div className="flex items-center gap-2">
            <span className="tabular-nums" data-testid={`discount-${user.id}`}>
              {user.discount}%
            </span>
            <Button type="button" size="sm" variant="ghost" onClick={() => editor.edit(user.id, user.discount)} aria-label={`Edit discount for ${name}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          </div>
        )}
      </TableCell>
      <TableCell className="text-right font-medium tabular-nums">{formatUsd(user.totalSpent)}</TableCell>
      <TableCell>
        <p className="text-sm">{formatCount(user.searches)} searches</p>
        <p className="text-xs text-muted-foreground">{formatCount(user.dmcaCases)} DMCA cases</p>
      </TableCell>
      <TableCell className="text-right">
        <Button type="button" size="sm" variant={selected ? 'secondary' : 'outline'} onClick={onSelect} aria-label={`View details of ${name}`} aria-pressed={selected}>
          <Eye aria-hidden="true" />
          View Details
        </Button>
      </TableCell>
    </TableRow>
  );
}
