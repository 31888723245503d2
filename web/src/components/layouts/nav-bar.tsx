import { Plus } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import type { CurrentUser } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { AlertBell } from './alert-bell';
import { MobileNav } from './mobile-nav';
import { navItemsFor } from './nav-items';
import { UserMenu } from './user-menu';

/** How the signed-in header presents the product (PRODUCT.md section 1). */
export const APP_TAGLINE = 'Legal case search, risk & competitive analysis';

/**
 * The sticky signed-in navigation bar (h-16, PRODUCT.md section 2): entries with the current route highlighted, the
 * New Scan button, the avatar menu, and the mobile sheet below the xl breakpoint (nine entries need the width).
 */
export function NavBar({ user }: { user: CurrentUser }) {
  return (
    <header className="sticky top-0 z-40 h-16 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-full max-w-screen-2xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" className="min-w-0 shrink rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50" aria-label="Vigil home">
          {/* On phones the tagline may wrap to a second line; elsewhere it truncates if the entries need the room. */}
          <Logo tagline={APP_TAGLINE} taglineClassName="max-sm:line-clamp-2 max-sm:whitespace-normal max-sm:text-[11px]" />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-0.5 xl:flex">
          {navItemsFor(user.isAdmin, user.isAgent === true).map(({ to, label }) => (
            <NavLink
              key={to}
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                cn(
                  'whitespace-nowrap rounded-md px-2.5 py-2 text-sm 2xl:px-3 font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  isActive ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )
              }
            >
              {label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <AlertBell />
          <Button asChild size="sm" className="max-sm:size-9 max-sm:px-0">
            <Link to="/search" aria-label="New Scan">
              <Plus aria-hidden="true" />
              <span className="hidden sm:inline">New Scan</span>
            </Link>
          </Button>
          <div className="hidden sm:block">
            <UserMenu user={user} />
          </div>
          <MobileNav user={user} />
        </div>
      </div>
    </header>
  );
}
