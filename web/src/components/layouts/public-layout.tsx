import type { ReactNode } from 'react';
import { PublicHeader } from './public-header';
import { SiteFooter } from './site-footer';

interface PublicLayoutProps {
  children: ReactNode;
  /** When someone is signed in the page already sits under the navigation bar: no public header or footer. */
  signedIn?: boolean;
  backToHome?: boolean;
}

/** The frame of a page that is public (landing, pricing, test sign-up). */
export function PublicLayout({ children, signedIn = false, backToHome = false }: PublicLayoutProps) {
  if (signedIn) return <>{children}</>;
  return (
    <div className="flex min-h-svh flex-col bg-background">
      <PublicHeader backToHome={backToHome} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
