import { ArrowLeft, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { LOGIN_PATH } from '@/lib/auth';

interface PublicHeaderProps {
  /** Show a back-to-home link (the Pricing page) instead of the Pricing link (the landing page). */
  backToHome?: boolean;
  /** Extra links before the Sign In button. */
  children?: ReactNode;
}

/** The header of the signed-out pages: logo, a Pricing or back-to-home link, and Sign In (a full page load). */
export function PublicHeader({ backToHome = false, children }: PublicHeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50" aria-label="Vigil home">
          <Logo />
        </Link>
        <nav aria-label="Site" className="flex items-center gap-1 sm:gap-2">
          {backToHome ? (
            <Button asChild variant="ghost" size="sm">
              <Link to="/">
                <ArrowLeft aria-hidden="true" />
                <span>
                  Back<span className="hidden sm:inline"> to home</span>
                </span>
              </Link>
            </Button>
          ) : (
            <Button asChild variant="ghost" size="sm">
              <Link to="/pricing">Pricing</Link>
            </Button>
          )}
          {children}
          <Button asChild size="sm">
            <a href={LOGIN_PATH}>
              <LogIn aria-hidden="true" />
              Sign In
            </a>
          </Button>
        </nav>
      </div>
    </header>
  );
}
