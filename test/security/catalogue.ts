import type { Seed } from './seed';
import { DEFAULT_RATE_LIMITS } from '../../functions/services/platform/rate-limits';
import { LAUNCH_PRICES } from '../../functions/services/platform/plan-prices';

/*
 * How the security suites call each route of the table with the owner's seeded data. A route whose path
 * parameter is not here fails the suites until it is added (or listed in UNCOVERABLE with a reason).
 */

/** Path parameters, by route path prefix, as the owner's seeded data. */
export const PARAMS: Array<{ match: RegExp; value: (s: Seed) => string; ownerBound: boolean }> = [
  { match: /^\/api\/user\/\{id\}/, value: (s) => s.owner.userId, ownerBound: true },
  { match: /^\/api\/search\/\{id\}/, value: (s) => s.searchId, ownerBound: true },
  { match: /^\/api\/search-results?\/\{id\}/, value: (s) => s.resultId, ownerBound: true },
  { match: /^\/api\/allowlist\/\{id\}/, value: (s) => s.allowlistId, ownerBound: true },
  { match: /^\/api\/monitors\/\{id\}/, value: (s) => s.monitorId, ownerBound: true },
  { match: /^\/api\/references\/\{id\}/, value: (s) => s.libraryId, ownerBound: true },
  { match: /^\/api\/dmca\/\{id\}/, value: (s) => s.caseId, ownerBound: true },
  { match: /^\/api\/admin\/users\/\{userId\}/, value: (s) => s.owner.userId, ownerBound: true },
  { match: /^\/api\/submission-info\/\{searchEngine\}/, value: () => 'google', ownerBound: false },
  { match: /^\/api\/admin\/reports\/\{kind\}/, value: () => 'monthly-revenue', ownerBound: false },
];

/** Routes the matrix cannot call meaningfully, each with the reason and where it is tested instead. */
export const UNCOVERABLE: Record<string, string> = {
  'POST /api/billing/stripe-webhook': 'Stripe-signed server-to-server call with no session; covered by account/tests/stripe-webhook.test.ts',
  'GET /api/auth/callback': 'needs a live sign-in attempt; covered by auth/tests/sign-in-flow.test.ts',
  'POST /api/logout': 'ends the caller\'s session (would sign the roles out); covered by auth/tests/sign-in-flow.test.ts',
  // The agent console's calls on one request or case act on what a ladder queued or a host answered; the seed has
  // neither. Anonymous, creator, other user, agent and admin are tested in cases/tests/escalation-ladder.test.ts.
  'POST /api/agent/delisting/{id}/filed': 'needs a delisting request queued by a ladder; covered by cases/tests/escalation-ladder.test.ts',
  'POST /api/agent/delisting/{id}/refused': 'needs a delisting request queued by a ladder; covered by cases/tests/escalation-ladder.test.ts',
  'POST /api/agent/delisting/{id}/check': 'needs a delisting request queued by a ladder; covered by cases/tests/escalation-ladder.test.ts',
  'POST /api/agent/cdn-tasks/{id}/filed': "needs a CDN web-form task opened by a ladder; covered by cases/tests/escalation-ladder.test.ts",
  'POST /api/agent/cases/{id}/counter-notice': 'ends the seeded case (counter-noticed); covered by cases/tests/escalation-ladder.test.ts',
};

/** Request bodies that name the owner's data (so another user's call must not reach it), by route key. */
export const BODIES: Record<string, (s: Seed) => { body: string; type: string; ownerBound: boolean }> = {
  'PUT /api/search-results/{id}/review': () => json({ status: 'unauthorized' }, false),
  'PUT /api/search-results/review': (s) => json({ ids: [s.resultId], status: 'unauthorized' }, true),
  'POST /api/user/{id}/allowlist': () => json({ domain: 'newpartner.example', reason: 'fair_use' }, false),
  'POST /api/user/{id}/own-sites': () => json({ site: 'owner-own-site.example' }, false),
  'POST /api/user/{id}/likeness/consent': () => json({ agree: true, textVersion: 1 }, false),
  // A picture without a face: the owner is told so (400); nobody else gets that far.
  'POST /api/user/{id}/likeness/photos': () => json({ photo: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==' }, false),
  'POST /api/user/{id}/likeness/confirm': () => json({ faceIds: ['01JD0000000000000000000000', '01JD0000000000000000000001', '01JD0000000000000000000002'] }, false),
  'PUT /api/user/{id}/content-creator': () =>
    json({ contentCreatorName: 'Owner Name', contentCreatorEmail: 'owner@security.test', contentCreatorPhone: '', contentCreatorAddress: '1 Main St' }, false),
  'PUT /api/admin/users/{userId}': () => json({ discount: 10 }, false),
  'PUT /api/admin/report/schedule': () => json({ enabled: false }, false),
  'PUT /api/admin/settings/maintenance': () => json({ enabled: false }, false),
  'PUT /api/admin/settings/rate-limits': () => json(DEFAULT_RATE_LIMITS, false),
  'PUT /api/admin/settings/plan-prices': () => json(LAUNCH_PRICES, false),
  'PUT /api/monitors/{id}': () => json({ paused: true }, false),
  'PUT /api/references/{id}': () => json({ title: 'A new title' }, false),
  'POST /api/dmca': (s) =>
    json(
      {
        searchResultId: s.resultId,
        infringingUrl: 'https://copies-ownersecretmarker.example/gallery/1',
        description: 'Mine',
        searchEngine: 'google',
      },
      true,
    ),
  'POST /api/dmca/{id}/confirm-content': () => json({ confirmed: true }, false),
  'POST /api/dmca/bulk-submit': (s) => json({ searchResultIds: [s.resultId], platforms: ['google'] }, true),
  'POST /api/dmca/export/google': (s) => json({ caseIds: [s.caseId] }, true),
  'POST /api/subscription/upgrade': () => json({ planId: 'basic' }, false),
  'POST /api/chatbot': () => json({ message: 'How do I file a notice?' }, false),
  'POST /api/contact': () => json({ name: 'A', email: 'a@security.test', subject: 'Hello there', message: 'A message long enough to send.' }, false),
  'POST /api/events': () => json({ type: 'page_view', path: '/', sessionId: 'matrix-session-1' }, false),
  'POST /api/search': (s) => multipart({ userId: s.owner.userId, query: 'Someone', searchEngines: '["google"]', contentType: 'web' }),
};
/** Query strings that name the owner's data. */
export const QUERIES: Record<string, (s: Seed) => string> = {
  'GET /api/dmca/export/google': (s) => `?caseIds=${s.caseId}`,
  'GET /api/submission-info/{searchEngine}': (s) => `?caseId=${s.caseId}`,
  'DELETE /api/user/{id}/own-sites': () => '?value=owner-own-site.example',
};

export function json(value: unknown, ownerBound: boolean) {
  return { body: JSON.stringify(value), type: 'application/json', ownerBound };
}
function multipart(fields: Record<string, string>) {
  const boundary = 'matrixboundary';
  const body = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('') + `--${boundary}--\r\n`;
  return { body, type: `multipart/form-data; boundary=${boundary}`, ownerBound: true };
}

