import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { type CurrentUser, fullName, signOut } from '@/lib/auth';
import { ACCOUNT_ITEMS } from './nav-items';
import { UserAvatar, UserIdentity } from './user-avatar';

/** The avatar button and its account menu (desktop and tablet). */
export function UserMenu({ user }: { user: CurrentUser }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu">
          <UserAvatar user={user} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        {(fullName(user) || user.email) && (
          <>
            <DropdownMenuLabel className="flex items-center gap-3 font-normal">
              <UserAvatar user={user} />
              <UserIdentity user={user} />
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
          </>
        )}
        {ACCOUNT_ITEMS.map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={signOut}>
          <LogOut aria-hidden="true" />
          Log Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
