import * as z from 'zod';

/**
 * Page-view and feature-use events the web app records (`POST /api/events`), rolled up into the admin's
 * engagement figures (average session minutes, bounce rate, pages per session, popular features, exit pages).
 *
 * The web app sends a `page_view` on every route change and a `feature_use` when a person uses one of the
 * FEATURES below, with a `sessionId` it generates at random per browser tab (sessionStorage) and replaces
 * after 30 minutes without activity.
 */

/** The app's routes (PRODUCT.md section 2); any other path is counted as `(other)` (the 404 page). */
export const APP_PAGES = [
  '/',
  '/search',
  '/cases',
  '/dmca/new',
  '/dmca/{id}',
  '/settings',
  '/account',
  '/help',
  '/competitive',
  '/risk-dashboard',
  '/contact',
  '/admin',
  '/pricing',
  '/test-signup',
] as const;
export type AppPage = (typeof APP_PAGES)[number] | '(other)';

/** Readable names of the pages, for the admin's lists. */
export const PAGE_LABELS: Readonly<Record<AppPage, string>> = {
  '/': 'Dashboard',
  '/search': 'Search',
  '/cases': 'Cases',
  '/dmca/new': 'New DMCA notice',
  '/dmca/{id}': 'DMCA notice',
  '/settings': 'Settings',
  '/account': 'Account',
  '/help': 'Help',
  '/competitive': 'Competitive Edge',
  '/risk-dashboard': 'Risk Analysis',
  '/contact': 'Contact',
  '/admin': 'Admin',
  '/pricing': 'Pricing',
  '/test-signup': 'Test sign-up',
  '(other)': 'Page not found',
};

/**
 * The page a path counts as: query and fragment dropped, trailing slash dropped, `/dmca/<id>` folded into
 * `/dmca/{id}`, unknown paths `(other)`. Keeps the set of counted pages bounded whatever a client sends.
 */
export function pageOf(path: string): AppPage {
  let p = path.split(/[?#]/, 1)[0]!.toLowerCase();
  if (p.length > 1) p = p.replace(/\/+$/, '');
  if ((APP_PAGES as readonly string[]).includes(p) && p !== '/dmca/{id}') return p as AppPage;
  if (/^\/dmca\/[a-z0-9_-]{1,64}$/.test(p)) return '/dmca/{id}';
  return '(other)';
}

/** Features whose use the web app reports, with the names the admin sees. */
export const FEATURES = {
  'start-scan': 'Start a protection scan',
  'review-result': 'Review a result',
  'send-dmca': 'Create a DMCA case',
  'generate-pdf': 'Download a notice PDF',
  'automated-submission': 'Automated submission',
  'bulk-submission': 'Bulk DMCA submission',
  allowlist: 'Domain allowlist',
  'creator-settings': 'Creator settings',
  chat: 'Assistant chat',
  upgrade: 'Plan upgrade',
  contact: 'Contact form',
  'risk-analysis': 'Risk analysis',
  'competitive-analysis': 'Competitive analysis',
  help: 'Help centre',
} as const;
export type Feature = keyof typeof FEATURES;
const FEATURE_IDS = Object.keys(FEATURES) as [Feature, ...Feature[]];

const base = {
  path: z
    .string({ error: 'path is required.' })
    .min(1, 'path is required.')
    .max(2048, 'path must be at most 2048 characters.')
    .startsWith('/', 'path must start with /.'),
  sessionId: z
    .string({ error: 'sessionId is required.' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'sessionId must be 8 to 64 letters, digits, - or _.'),
  /** The client's time of the event (kept for reference; the server's clock orders and times sessions). */
  at: z.iso.datetime({ offset: true, error: 'at must be an ISO date-time.' }).optional(),
};

/** `POST /api/events` body. */
export const eventBodySchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('page_view'), ...base }),
    z.object({
      type: z.literal('feature_use'),
      ...base,
      feature: z.enum(FEATURE_IDS, { error: `feature must be one of ${FEATURE_IDS.join(', ')}.` }),
    }),
  ],
  { error: "type must be 'page_view' or 'feature_use'." },
);
export type EventBody = z.infer<typeof eventBodySchema>;
