/**
 * The one route table. The CDK API stack creates an HTTP API route and picks the area's Lambda function
 * from it; the local gateway matches requests against it and calls the same area handler. An area is one
 * Lambda function (one bundle) that dispatches on the route key; see functions/lib/http.ts.
 *
 * auth: `public` needs no session; `user` needs a signed-in caller; `admin` needs a caller in the admin group.
 */
export type AuthRule = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/search/{id}`. */
  path: string;
  area: Area;
  /** Name of the endpoint inside the area's handler map. */
  name: string;
  auth: AuthRule;
  summary: string;
}

export const AREAS = ['system', 'auth', 'search', 'results', 'allowlist', 'assistant', 'dmca', 'account', 'admin', 'risk', 'contact', 'events', 'monitors'] as const;
export type Area = (typeof AREAS)[number];

export const ROUTES: readonly RouteDef[] = [
  { method: 'GET', path: '/api/health', area: 'system', name: 'health', auth: 'public', summary: 'Liveness check' },
  { method: 'GET', path: '/api/openapi.json', area: 'system', name: 'openapi', auth: 'public', summary: 'OpenAPI description of this API' },

  { method: 'GET', path: '/api/login', area: 'auth', name: 'login', auth: 'public', summary: 'Start the OIDC sign-in (code flow with PKCE)' },
  { method: 'GET', path: '/api/auth/callback', area: 'auth', name: 'callback', auth: 'public', summary: 'Finish the OIDC sign-in and set the session cookie' },
  { method: 'GET', path: '/api/logout', area: 'auth', name: 'logout', auth: 'public', summary: 'End the session here and at the identity provider' },
  { method: 'GET', path: '/api/auth/user', area: 'auth', name: 'currentUser', auth: 'user', summary: 'The signed-in user' },

  { method: 'GET', path: '/api/search/{id}', area: 'results', name: 'getSearch', auth: 'user', summary: 'A search with its status, progress and metadata' },
  { method: 'GET', path: '/api/search/{id}/results', area: 'results', name: 'searchResults', auth: 'user', summary: "A search's results, newest first then most confident (max 500)" },
  { method: 'GET', path: '/api/search-result/{id}', area: 'results', name: 'getResult', auth: 'user', summary: 'One search result, with its screenshot' },
  { method: 'GET', path: '/api/user/{id}/results', area: 'results', name: 'userResults', auth: 'user', summary: "A user's results across searches, newest first (limit <= 500, before=<result id>)" },
  { method: 'GET', path: '/api/user/{id}/results/grouped', area: 'results', name: 'userResultsGrouped', auth: 'user', summary: "A user's results grouped as {web, images, videos}" },
  { method: 'GET', path: '/api/user/{id}/stats', area: 'results', name: 'userStats', auth: 'user', summary: "A user's counters: activeViolations, resolvedCases, dmcaSent, pendingReview" },
  { method: 'PUT', path: '/api/search-results/{id}/review', area: 'results', name: 'reviewResult', auth: 'user', summary: 'Mark a result unauthorized or safe (owner only)' },

  { method: 'GET', path: '/api/user/{id}/allowlist', area: 'allowlist', name: 'listAllowlist', auth: 'user', summary: "A user's allowlisted domains, newest first" },
  { method: 'POST', path: '/api/user/{id}/allowlist', area: 'allowlist', name: 'addAllowlist', auth: 'user', summary: 'Add a domain (one entry per domain; covers subdomains)' },
  { method: 'DELETE', path: '/api/allowlist/{id}', area: 'allowlist', name: 'removeAllowlist', auth: 'user', summary: 'Remove an allowlist entry (owner only)' },

  { method: 'POST', path: '/api/search', area: 'search', name: 'startSearch', auth: 'user', summary: 'Start a scan (multipart: names, engines, reference files)' },

  { method: 'POST', path: '/api/chatbot', area: 'assistant', name: 'chat', auth: 'user', summary: 'Ask the help assistant (or fetch suggestions for a page)' },

  { method: 'POST', path: '/api/dmca', area: 'dmca', name: 'createCase', auth: 'user', summary: "Open a DMCA case from one of the caller's results (reviewed unauthorized); returns {id, caseNumber}" },
  { method: 'GET', path: '/api/dmca/{id}', area: 'dmca', name: 'getCase', auth: 'user', summary: 'A DMCA case (owner or admin)' },
  { method: 'GET', path: '/api/user/{id}/dmca', area: 'dmca', name: 'listCases', auth: 'user', summary: "A user's DMCA cases, newest first" },
  { method: 'POST', path: '/api/dmca/{id}/generate', area: 'dmca', name: 'generatePdf', auth: 'user', summary: 'The notice PDF (agent identity), stored as evidence and returned as dmca-{id}.pdf (owner only)' },
  { method: 'POST', path: '/api/dmca/{id}/submit-automated', area: 'dmca', name: 'submitAutomated', auth: 'user', summary: "Send the notice to the host's abuse contact and re-check later (paid plans, owner only)" },
  { method: 'POST', path: '/api/dmca/bulk-submit', area: 'dmca', name: 'bulkSubmit', auth: 'user', summary: 'Automated submission of several violations under the plan rules (idempotent; Idempotency-Key header)' },
  { method: 'GET', path: '/api/submission-info/{searchEngine}', area: 'dmca', name: 'submissionInfo', auth: 'user', summary: "A search engine's removal form and the copy-paste fields (?caseId= fills the work)" },
  { method: 'GET', path: '/api/dmca/export/google', area: 'dmca', name: 'exportGoogle', auth: 'user', summary: "The caller's cases (?caseIds=ID,ID) as a Google TCRP bulk-upload text file" },
  { method: 'POST', path: '/api/dmca/export/google', area: 'dmca', name: 'exportGoogleSelected', auth: 'user', summary: 'The same export for a list of case ids in the body' },

  { method: 'GET', path: '/api/user/{id}', area: 'account', name: 'getUser', auth: 'user', summary: 'The user with the creator identity kept on file (never put in notices)' },
  { method: 'PUT', path: '/api/user/{id}/content-creator', area: 'account', name: 'putContentCreator', auth: 'user', summary: 'Save the creator identity (owner only)' },
  { method: 'GET', path: '/api/user/{id}/usage', area: 'account', name: 'usage', auth: 'user', summary: "This month's searches, cases and violations with the plan's allowances (owner or admin)" },
  { method: 'GET', path: '/api/user/subscription', area: 'account', name: 'subscription', auth: 'user', summary: "The caller's stored plan, status and discount" },
  { method: 'POST', path: '/api/subscription/upgrade', area: 'account', name: 'upgrade', auth: 'user', summary: 'Change plan through the billing port (applied at once, or a Stripe Checkout URL)' },
  { method: 'POST', path: '/api/billing/stripe-webhook', area: 'account', name: 'stripeWebhook', auth: 'public', summary: 'Stripe webhook (signed; raw body): Checkout completed applies the plan, subscription deleted returns to trial' },
  { method: 'GET', path: '/api/admin/metrics', area: 'admin', name: 'metrics', auth: 'admin', summary: 'Business metrics: revenue, MRR, users, subscriptions, conversion, churn, ARPU, LTV' },
  { method: 'GET', path: '/api/admin/users', area: 'admin', name: 'users', auth: 'admin', summary: 'Users summary: trial, subscribers per plan, sign-ups, active, upgraded and cancelled this month' },
  { method: 'GET', path: '/api/admin/system', area: 'admin', name: 'system', auth: 'admin', summary: 'System figures: scan success rate, uptime, response time, totals' },
  { method: 'GET', path: '/api/admin/financial', area: 'admin', name: 'financial', auth: 'admin', summary: 'Monthly revenue, expenses (cost model), profit and growth, at most 12 months' },
  { method: 'GET', path: '/api/admin/financial-stats', area: 'admin', name: 'financialStats', auth: 'admin', summary: 'Compact financial summary' },
  { method: 'GET', path: '/api/admin/user-management', area: 'admin', name: 'userManagement', auth: 'admin', summary: 'Users with plan, discount, spend and activity, newest first (cursor paging; next cursor in x-next-cursor)' },
  { method: 'GET', path: '/api/admin/ai-insights', area: 'admin', name: 'aiInsights', auth: 'admin', summary: 'Engagement, behaviour patterns and findings derived from the figures' },
  { method: 'PUT', path: '/api/admin/users/{userId}', area: 'admin', name: 'setDiscount', auth: 'admin', summary: "Set a user's discount percent (0-100)" },

  { method: 'GET', path: '/api/risk/metrics', area: 'risk', name: 'metrics', auth: 'user', summary: "The caller's risk score, level and figures for a period (24h, 7d, 30d, 90d)" },
  { method: 'GET', path: '/api/risk/hotspots', area: 'risk', name: 'hotspots', auth: 'user', summary: "The caller's exposure per platform with trend and geography" },
  { method: 'GET', path: '/api/risk/trends', area: 'risk', name: 'trends', auth: 'user', summary: "The caller's daily new, open and resolved exposures over a period" },
  { method: 'GET', path: '/api/risk/content-analysis', area: 'risk', name: 'contentAnalysis', auth: 'user', summary: "The caller's exposure per content type with a recommendation" },

  { method: 'POST', path: '/api/contact', area: 'contact', name: 'send', auth: 'user', summary: 'Send a message to the support inbox (5 an hour per user)' },

  { method: 'POST', path: '/api/events', area: 'events', name: 'record', auth: 'user', summary: 'Record a page view or feature use (engagement figures)' },

  { method: 'POST', path: '/api/monitors', area: 'monitors', name: 'createMonitor', auth: 'user', summary: "Create a monitor (multipart: the scan's fields plus cadence, alerts, name); plan count and cadence enforced (402 PLAN_LIMIT)" },
  { method: 'GET', path: '/api/user/{id}/monitors', area: 'monitors', name: 'listMonitors', auth: 'user', summary: "A user's monitors, newest first" },
  { method: 'GET', path: '/api/monitors/{id}', area: 'monitors', name: 'getMonitor', auth: 'user', summary: 'A monitor with its last 20 runs {searchId, startedAt, status, newCount}' },
  { method: 'PUT', path: '/api/monitors/{id}', area: 'monitors', name: 'updateMonitor', auth: 'user', summary: 'Pause or resume a monitor, change its cadence, alerts or name (owner only)' },
  { method: 'DELETE', path: '/api/monitors/{id}', area: 'monitors', name: 'deleteMonitor', auth: 'user', summary: 'Delete a monitor (owner only; its results stay)' },
  { method: 'POST', path: '/api/monitors/{id}/run', area: 'monitors', name: 'runMonitor', auth: 'user', summary: "Run a monitor now (counts against the scan allowance; owner only)" },
  { method: 'GET', path: '/api/user/{id}/alerts', area: 'monitors', name: 'listAlerts', auth: 'user', summary: "The notification bell: a user's newest alerts and the unread count" },
  { method: 'POST', path: '/api/user/{id}/alerts/read', area: 'monitors', name: 'readAlerts', auth: 'user', summary: 'Mark alerts read ({ids?}; all when absent; owner only)' },
  { method: 'GET', path: '/api/alerts/unsubscribe', area: 'monitors', name: 'unsubscribePage', auth: 'public', summary: 'Confirmation page of an alert e-mail unsubscribe link (signed token)' },
  { method: 'POST', path: '/api/alerts/unsubscribe', area: 'monitors', name: 'unsubscribe', auth: 'public', summary: 'One-click unsubscribe (RFC 8058): turns the monitor alerts off, no sign-in' },
];

/** `GET /api/search/{id}`: the API Gateway v2 route key of a route. */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;
