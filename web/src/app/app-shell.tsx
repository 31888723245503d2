import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useCurrentUser } from '@/lib/auth';
import { usePageViews } from '@/lib/page-views';
import { NavBar } from '@/components/layouts/nav-bar';

// The assistant chat loads after the screen: it is not needed for the first paint.
const ChatWidget = lazy(() => import('@/features/chat/components/chat-widget').then((m) => ({ default: m.ChatWidget })));

/**
 * The signed-in frame: the navigation bar over the current route's screen, with the tooltip provider, the
 * assistant chat widget and the page-view recorder.
 */
export function AppShell() {
  const user = useCurrentUser();
  usePageViews();
  return (
    <TooltipProvider>
      <div className="flex min-h-svh flex-col bg-muted/30">
        <NavBar user={user} />
        <main id="main" className="flex-1">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        <Suspense fallback={null}>
          <ChatWidget />
        </Suspense>
      </div>
    </TooltipProvider>
  );
}
