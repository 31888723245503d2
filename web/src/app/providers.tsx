import { type ReactNode, Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { PageSpinner } from '@/components/ui/spinner';
import { Toaster } from '@/components/ui/toaster';
import { swrConfig } from '@/lib/swr-config';

/**
 * Everything the screens rely on: error boundary, SWR settings, router and the one toaster. The tooltip provider
 * sits in the signed-in shell instead: the public pages use no tooltips, and it would add the positioning engine
 * to every first page load.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <SWRConfig value={swrConfig}>
        <BrowserRouter>
          <Suspense fallback={<PageSpinner />}>{children}</Suspense>
          <Toaster />
        </BrowserRouter>
      </SWRConfig>
    </ErrorBoundary>
  );
}
