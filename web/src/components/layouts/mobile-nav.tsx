import { LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { type CurrentUser, LOGOUT_PATH } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { planRule } from '@shared/plans';
import { ACCOUNT_ITEMS, navItemsFor } from './nav-items';
import { UserAvatar, UserIdentity } from './user-avatar';

const linkClass = 'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors';

/** The menu button and the right-hand slide-out sheet used below the desktop breakpoint. Any link closes it. */
export function MobileNav({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="xl:hidden" aria-label="Open menu">
          <Menu className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent className="gap-0 overflow-y-auto p-0">
        <SheetHeader className="border-b pr-12">
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SheetDescription className="sr-only">Navigation and account links</SheetDescription>
          <div className="flex items-center gap-3">
            <UserAvatar user={user} className="size-10" />
            <UserIdentity user={user} />
          </div>
          <Badge variant="secondary" className="mt-1">
            {planRule(user.subscriptionPlan).name} plan
          </Badge>
        </SheetHeader>
        <nav aria-label="Main" className="flex flex-col gap-1 p-3">
          {navItemsFor(user.isAdmin, user.isAgent === true).map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              end={to === '/'}
              onClick={close}
              className={({ isActive }) =>
                cn(linkClass, isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground')
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </NavLink>
          ))}
        </nav>
        <Separator />
        <nav aria-label="Account" className="flex flex-col gap-1 p-3">
          {ACCOUNT_ITEMS.map(({ to, label, icon: Icon }) => (
            <Link key={to} to={to} onClick={close} className={cn(linkClass, 'text-muted-foreground hover:bg-muted hover:text-foreground')}>
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </Link>
          ))}
          <form method="post" action={LOGOUT_PATH}>
            <button type="submit" className={cn(linkClass, 'w-full text-muted-foreground hover:bg-muted hover:text-foreground')}>
              <LogOut className="size-4" aria-hidden="true" />
              Log Out
            </button>
          </form>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
