import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { EventBody, Feature } from '@shared/schemas/events';
import { api } from './api-client';
import { randomSessionId, sessionIdFrom } from './page-view-session';
import { contract } from '@shared/contract';

/*
 * Usage events for the admin's engagement figures (issue 5: sessions, bounce rate, pages per session, popular
 * features and exit pages are computed by the server from these; shared/schemas/events.ts). Fire-and-forget:
 * analytics must never slow a screen down or show anyone an error.
 */

function browserSessionId(): string {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  return sessionIdFrom(storage, randomSessionId);
}

function send(event: EventBody): void {
  api(contract.recordEvent, { body: event }).catch(() => undefined);
}

/** Records one page view; failures (a missing route, a network error) are ignored on purpose. */
export function sendPageView(path: string): void {
  send({ type: 'page_view', path, sessionId: browserSessionId() });
}

/** Records that the person used a feature (the admin's "popular features"), on the current page. */
export function sendFeatureUse(feature: Feature): void {
  send({ type: 'feature_use', feature, path: window.location.pathname, sessionId: browserSessionId() });
}

/**
 * Records a page view each time the route's path changes. Mounted once, in the signed-in shell. The ref keeps
 * React's development double effects (and re-renders with the same path) from counting one view twice.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    sendPageView(pathname);
  }, [pathname]);
}
