import * as z from 'zod';
import type { ZodType } from 'zod';
import { chatReplySchema, chatRequestSchema } from './help/chat';
import {
  adminMetricsSchema,
  adminSystemSchema,
  adminUsersSchema,
  aiInsightsSchema,
  discountBodySchema,
  financialRowsSchema,
  financialStatsSchema,
  managedUserListSchema,
  managedUserSchema,
  userManagementQuerySchema,
} from './schemas/admin';
import { accountExportSchema, deletionQuerySchema, deletionRequestSchema, latestExportSchema } from './schemas/account-data';
import { allowlistCreateSchema, allowlistEntrySchema, allowlistListSchema } from './schemas/allowlist';
import { ownSiteCreateSchema, ownSiteDeleteSchema, ownSiteListSchema } from './schemas/own-sites';
import { likenessConfirmSchema, likenessConsentSchema, likenessPhotoReplySchema, likenessPhotoSchema, likenessStatusSchema } from './schemas/likeness';
import { contactMessageSchema, contactResponseSchema } from './schemas/contact';
import { creatorSettingsSchema, creatorUserSchema } from './schemas/creator';
import {
  automatedSubmissionResponseSchema,
  bulkSubmitResponseSchema,
  bulkSubmitSchema,
  caseCreateSchema,
  contentConfirmSchema,
  counterNoticeBodySchema,
  caseCreatedSchema,
  casePreviewSchema,
  caseListSchema,
  caseSchema,
  googleExportBodySchema,
  googleExportQuerySchema,
  submissionInfoQuerySchema,
  submissionInfoSchema,
} from './schemas/cases';
import { eventBodySchema } from './schemas/events';
import { outcomeFiguresSchema } from './schemas/outcomes';
import { cdnTaskFiledBodySchema, cdnTaskIdParamsSchema, cdnTaskListSchema, cdnTaskSchema, delistingFiledBodySchema, delistingIdParamsSchema, delistingItemSchema, delistingListSchema, delistingQueueQuerySchema, delistingRefusedBodySchema } from './schemas/agent';
import {
  activityListSchema,
  auditListSchema,
  businessReportParamsSchema,
  businessReportQuerySchema,
  maintenanceBodySchema,
  maintenanceSchema,
  publicStatsSchema,
  publicStatusSchema,
  rateLimitsBodySchema,
  rateLimitsSchema,
  planPricesBodySchema,
  planPricesSchema,
  revenueSchema,
} from './schemas/platform';
import {
  alertListSchema,
  alertsReadBodySchema,
  monitorDetailSchema,
  monitorListSchema,
  monitorRunStartedSchema,
  monitorSchema,
  monitorUpdateSchema,
  unsubscribeQuerySchema,
} from './schemas/monitor';
import {
  contentRiskListSchema,
  riskHotspotListSchema,
  riskMetricsSchema,
  riskRecommendationListSchema,
  riskPeriodQuerySchema,
  riskTrendListSchema,
} from './schemas/risk';
import { reportQuerySchema, reportScheduleBodySchema, reportScheduleSchema, reportSentSchema } from './schemas/report';
import {
  bulkReviewBodySchema,
  bulkReviewReplySchema,
  groupedResultsSchema,
  itemIdSchema,
  resultListQuerySchema,
  reviewBodySchema,
  searchResultListSchema,
  searchResultSchema,
  searchResultsQuerySchema,
  searchSchema,
  latestSearchSchema,
  userIdParamSchema,
  userStatsSchema,
} from './schemas/search';
import { searchStartResponseSchema } from './schemas/search-start';
import { caseListQuerySchema, casePageSchema } from './schemas/case-list';
import { libraryListSchema, libraryReferenceSchema, libraryUpdateSchema } from './schemas/library';
import { billingModeSchema, billingPortalSchema, subscriptionSchema, upgradeBodySchema, upgradeResponseSchema } from './schemas/subscription';
import { siteConfigSchema } from './schemas/site-config';
import { siteRuleListSchema, sourceHealthListSchema, SOURCE_KINDS } from './schemas/sources';
import { usageSchema } from './schemas/usage';
import { currentUserSchema } from './schemas/user';

/**
 * The API contract: one row per route. The CDK API stack creates an HTTP API route per row and picks the
 * area's Lambda function; the local gateway matches requests against the rows; the handler chain
 * (functions/http/chain/) parses params, query and body with the row's schemas; the web client
 * (web/src/lib/api.ts) builds URLs from the row's path and types replies from its reply schema;
 * /api/openapi.json is generated from the rows. An area is one Lambda function (one bundle).
 *
 * auth: `public` needs no session; `user` needs a signed-in caller; `admin` needs a caller in the admin group;
 * `agent` a caller in the agent group or an administrator (issue 23: the agent console).
 * bodyKind: `json` (default) parses the body as JSON with `body`; `raw` leaves the body to the endpoint
 * (multipart, signed webhooks, or a body whose refusals have their own shape); `body` then only documents it.
 */
export type AuthRule = 'public' | 'user' | 'admin' | 'agent';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const AREAS = ['system', 'auth', 'search', 'results', 'allowlist', 'assistant', 'cases', 'agent', 'documents', 'account', 'admin', 'risk', 'contact', 'events', 'monitors', 'likeness'] as const;
export type Area = (typeof AREAS)[number];

export interface RouteDef {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `/api/search/{id}`. */
  readonly path: string;
  readonly area: Area;
  /** The row's key in {@link contract}; also the endpoint's name inside the area's handler map. */
  readonly name: string;
  readonly auth: AuthRule;
  readonly summary: string;
  readonly params?: ZodType;
  readonly query?: ZodType;
  readonly body?: ZodType;
  readonly bodyKind?: 'json' | 'raw';
  readonly reply?: ZodType;
  /**
   * Why another site's server may call this state-changing route without a same-origin `Origin` (a signed
   * webhook). Absent on every route a browser calls: those refuse cross-site writes (functions/lib/request-guard.ts).
   */
  readonly crossSite?: string;
}

const userParams = z.object({ id: userIdParamSchema });
const idParams = (what: string) => z.object({ id: itemIdSchema(what) });

/** Adds each row's key as its `name`, keeping the rows' precise schema types. */
function rows<T extends Record<string, Omit<RouteDef, 'name'>>>(table: T): { readonly [K in keyof T]: T[K] & { readonly name: K & string } } {
  return Object.fromEntries(Object.entries(table).map(([name, r]) => [name, { ...r, name }])) as never;
}

export const contract = rows({
  health: { method: 'GET', path: '/api/health', area: 'system', auth: 'public', summary: 'Liveness check' },
  openapi: { method: 'GET', path: '/api/openapi.json', area: 'system', auth: 'public', summary: 'OpenAPI description of this API' },
  siteConfig: { method: 'GET', path: '/api/site-config', area: 'system', auth: 'public', summary: 'Public settings the site shows: the support inbox (supportEmail)', reply: siteConfigSchema },
  publicPlans: { method: 'GET', path: '/api/public/plans', area: 'system', auth: 'public', summary: 'The monthly price of each plan as billing charges it (set by administrators; the pricing pages show it)', reply: planPricesSchema },
  publicStatus: { method: 'GET', path: '/api/public/status', area: 'system', auth: 'public', summary: 'Whether new accounts can be created (maintenance mode), with the message the sign-in pages show', reply: publicStatusSchema },
  publicStats: { method: 'GET', path: '/api/public/stats', area: 'system', auth: 'public', summary: "The platform's own figures for the public pages (scans, copies found, notices, removals, recent scan time and success), cached 5 minutes", reply: publicStatsSchema },

  login: { method: 'GET', path: '/api/login', area: 'auth', auth: 'public', summary: 'Start the OIDC sign-in (code flow with PKCE)' },
  callback: { method: 'GET', path: '/api/auth/callback', area: 'auth', auth: 'public', summary: 'Finish the OIDC sign-in and set the session cookie' },
  logoutConfirm: { method: 'GET', path: '/api/logout', area: 'auth', auth: 'public', summary: 'A page asking to confirm signing out (its form POSTs /api/logout); changes nothing' },
  logout: { method: 'POST', path: '/api/logout', area: 'auth', auth: 'public', summary: 'End the session here and at the identity provider (a form post from the site)' },
  currentUser: { method: 'GET', path: '/api/auth/user', area: 'auth', auth: 'user', summary: 'The signed-in user', reply: currentUserSchema },
  endAllSessions: { method: 'DELETE', path: '/api/user/{id}/sessions', area: 'auth', auth: 'user', summary: 'Sign out of all devices: ends every session of the user (owner, or an admin for anyone); returns {ended}', params: userParams, reply: z.object({ ended: z.number().int().nonnegative() }) },

  getSearch: { method: 'GET', path: '/api/search/{id}', area: 'results', auth: 'user', summary: 'A search with its status, progress and metadata', params: idParams('Search'), reply: searchSchema },
  searchResults: { method: 'GET', path: '/api/search/{id}/results', area: 'results', auth: 'user', summary: "A search's results, newest first then most confident (max 500)", params: idParams('Search'), query: searchResultsQuerySchema, reply: searchResultListSchema },
  getResult: { method: 'GET', path: '/api/search-result/{id}', area: 'results', auth: 'user', summary: 'One search result, with its screenshot', params: idParams('Search result'), reply: searchResultSchema },
  userResults: { method: 'GET', path: '/api/user/{id}/results', area: 'results', auth: 'user', summary: "A user's results across searches, newest first (limit <= 500, before=<result id>)", params: userParams, query: resultListQuerySchema, reply: searchResultListSchema },
  userResultsGrouped: { method: 'GET', path: '/api/user/{id}/results/grouped', area: 'results', auth: 'user', summary: "A user's results grouped as {web, images, videos}", params: userParams, query: resultListQuerySchema, reply: groupedResultsSchema },
  latestSearch: { method: 'GET', path: '/api/user/{id}/searches/latest', area: 'results', auth: 'user', summary: "A user's newest scan, or null before the first", params: userParams, reply: latestSearchSchema },
  userStats: { method: 'GET', path: '/api/user/{id}/stats', area: 'results', auth: 'user', summary: "A user's counters: activeViolations, resolvedCases, dmcaSent, pendingReview", params: userParams, reply: userStatsSchema },
  reviewResult: { method: 'PUT', path: '/api/search-results/{id}/review', area: 'results', auth: 'user', summary: 'Mark a result unauthorized or safe (owner only)', params: idParams('Search result'), body: reviewBodySchema, reply: searchResultSchema },
  clearReview: { method: 'DELETE', path: '/api/search-results/{id}/review', area: 'results', auth: 'user', summary: "Take back a result's decision: pending review again (owner only; refused once a case exists)", params: idParams('Search result'), reply: searchResultSchema },
  reviewResults: { method: 'PUT', path: '/api/search-results/review', area: 'results', auth: 'user', summary: 'Mark up to 500 of your results unauthorized or safe at once ({ids, status}; every id yours, or nothing changes)', body: bulkReviewBodySchema, reply: bulkReviewReplySchema },

  listAllowlist: { method: 'GET', path: '/api/user/{id}/allowlist', area: 'allowlist', auth: 'user', summary: "A user's allowlisted domains, newest first", params: userParams, reply: allowlistListSchema },
  addAllowlist: { method: 'POST', path: '/api/user/{id}/allowlist', area: 'allowlist', auth: 'user', summary: 'Add a domain (one entry per domain; covers subdomains)', params: userParams, body: allowlistCreateSchema, reply: allowlistEntrySchema },
  removeAllowlist: { method: 'DELETE', path: '/api/allowlist/{id}', area: 'allowlist', auth: 'user', summary: 'Remove an allowlist entry (owner only)', params: idParams('Allowlist entry') },
  listOwnSites: { method: 'GET', path: '/api/user/{id}/own-sites', area: 'allowlist', auth: 'user', summary: "The creator's own sites and handles (My sites): allowlisted, the only original URLs, never named in a notice", params: userParams, reply: ownSiteListSchema },
  addOwnSite: { method: 'POST', path: '/api/user/{id}/own-sites', area: 'allowlist', auth: 'user', summary: 'Declare an own site (a domain) or handle (a URL prefix on a shared platform); returns the list', params: userParams, body: ownSiteCreateSchema, reply: ownSiteListSchema },
  removeOwnSite: { method: 'DELETE', path: '/api/user/{id}/own-sites', area: 'allowlist', auth: 'user', summary: 'Remove an own site or handle (?value=); returns the list', params: userParams, query: ownSiteDeleteSchema, reply: ownSiteListSchema },

  startSearch: { method: 'POST', path: '/api/search', area: 'search', auth: 'user', summary: 'Start a scan (multipart: names, engines, reference files, libraryReferences: library file ids)', bodyKind: 'raw', reply: searchStartResponseSchema },
  listLibrary: { method: 'GET', path: '/api/user/{id}/references', area: 'search', auth: 'user', summary: "The creator's reference library, newest first, each file with the monitors that use it", params: userParams, reply: libraryListSchema },
  addLibrary: { method: 'POST', path: '/api/user/{id}/references', area: 'search', auth: 'user', summary: 'Add files to the reference library (multipart: referenceFiles; title and publishedOn for one file)', params: userParams, bodyKind: 'raw', reply: libraryListSchema },
  updateLibrary: { method: 'PUT', path: '/api/references/{id}', area: 'search', auth: 'user', summary: "Change a library file's title or publication date (owner only)", params: idParams('Reference file'), body: libraryUpdateSchema, reply: libraryReferenceSchema },
  deleteLibrary: { method: 'DELETE', path: '/api/references/{id}', area: 'search', auth: 'user', summary: 'Delete a library file and its stored object (owner only; 409 REFERENCE_IN_USE while a monitor uses it)', params: idParams('Reference file') },
  deleteSearch: { method: 'DELETE', path: '/api/search/{id}', area: 'search', auth: 'user', summary: 'Delete a finished scan with its results and files (owner only; refused while running, for a monitor\'s run, or when a result has a case)', params: idParams('Search') },

  chat: { method: 'POST', path: '/api/chatbot', area: 'assistant', auth: 'user', summary: 'Ask the help assistant (or fetch suggestions for a page)', body: chatRequestSchema, reply: chatReplySchema },

  createCase: { method: 'POST', path: '/api/dmca', area: 'cases', auth: 'user', summary: "Open a DMCA case from one of the caller's results (reviewed unauthorized; one case per URL); returns {id, caseNumber}, or with preview:true the composed description", body: caseCreateSchema, reply: z.union([caseCreatedSchema, casePreviewSchema]) },
  getCase: { method: 'GET', path: '/api/dmca/{id}', area: 'cases', auth: 'user', summary: 'A DMCA case (owner or admin)', params: idParams('Case'), reply: caseSchema },
  listCases: { method: 'GET', path: '/api/user/{id}/dmca', area: 'cases', auth: 'user', summary: "A user's DMCA cases, newest first", params: userParams, reply: caseListSchema },
  listCasePage: { method: 'GET', path: '/api/user/{id}/cases', area: 'cases', auth: 'user', summary: "One page of a user's cases, newest first: ?status= tab, host, outcome, from/to (dates), q (URL or case number), cursor, limit (at most 100)", params: userParams, query: caseListQuerySchema, reply: casePageSchema },
  generatePdf: { method: 'POST', path: '/api/dmca/{id}/generate', area: 'documents', auth: 'user', summary: 'The notice PDF (agent identity), stored as evidence and returned as dmca-{id}.pdf (owner only)', params: idParams('Case') },
  confirmContent: { method: 'POST', path: '/api/dmca/{id}/confirm-content', area: 'cases', auth: 'user', summary: 'Record "I have checked this page shows my content" on a case (needed before automated submission of a name-only match; owner only)', params: idParams('Case'), body: contentConfirmSchema, reply: caseSchema },
  submitAutomated: { method: 'POST', path: '/api/dmca/{id}/submit-automated', area: 'cases', auth: 'user', summary: "Send the notice to the host's abuse contact and re-check later (paid plans, owner only)", params: idParams('Case'), reply: automatedSubmissionResponseSchema },
  bulkSubmit: { method: 'POST', path: '/api/dmca/bulk-submit', area: 'cases', auth: 'user', summary: 'Automated submission of several violations under the plan rules (idempotent; Idempotency-Key header)', body: bulkSubmitSchema, bodyKind: 'raw', reply: bulkSubmitResponseSchema },
  submissionInfo: { method: 'GET', path: '/api/submission-info/{searchEngine}', area: 'cases', auth: 'user', summary: "A search engine's removal form and the copy-paste fields (?caseId= fills the work)", params: z.object({ searchEngine: z.string().max(40, 'Search engine is not valid.') }), query: submissionInfoQuerySchema, reply: submissionInfoSchema },
  exportGoogle: { method: 'GET', path: '/api/dmca/export/google', area: 'cases', auth: 'user', summary: "The caller's cases (?caseIds=ID,ID) as a Google TCRP bulk-upload text file", query: googleExportQuerySchema },
  exportGoogleSelected: { method: 'POST', path: '/api/dmca/export/google', area: 'cases', auth: 'user', summary: 'The same export for a list of case ids in the body', body: googleExportBodySchema },
  caseOutcomes: { method: 'GET', path: '/api/user/{id}/outcomes', area: 'cases', auth: 'user', summary: "Takedown outcomes measured from the user's cases: removal rate, delisted-only share, median time to removal per host and per ladder step, copies that came back (owner or admin)", params: userParams, reply: outcomeFiguresSchema },
  adminOutcomes: { method: 'GET', path: '/api/admin/outcomes', area: 'cases', auth: 'admin', summary: 'The same outcome figures across the platform (cases ended in the last 90 days)', reply: outcomeFiguresSchema },
  agentDelistingQueue: { method: 'GET', path: '/api/agent/delisting', area: 'agent', auth: 'agent', summary: "One engine's delisting queue (?engine=google|bing), each request with the engine's form fields filled (agent or admin)", query: delistingQueueQuerySchema, reply: delistingListSchema },
  agentDelistingFiled: { method: 'POST', path: '/api/agent/delisting/{id}/filed', area: 'agent', auth: 'agent', summary: "Record that the agent filed the request with the engine, with the engine's reference number", params: delistingIdParamsSchema, body: delistingFiledBodySchema, reply: delistingItemSchema },
  agentDelistingRefused: { method: 'POST', path: '/api/agent/delisting/{id}/refused', area: 'agent', auth: 'agent', summary: 'Record that the engine refused the request', params: delistingIdParamsSchema, body: delistingRefusedBodySchema, reply: delistingItemSchema },
  agentDelistingCheck: { method: 'POST', path: '/api/agent/delisting/{id}/check', area: 'agent', auth: 'agent', summary: 'Look the URL up in the engine again: a filed request no longer listed becomes delisted', params: delistingIdParamsSchema, reply: delistingItemSchema },
  agentGoogleExport: { method: 'GET', path: '/api/agent/delisting/export/google', area: 'agent', auth: 'agent', summary: "The queued Google requests in Google's trusted-submitter bulk format (one text file per batch of at most 1 MB; ?batch=N, default 1)", query: z.object({ batch: z.coerce.number({ error: 'batch must be a number.' }).int('batch must be a whole number.').min(1, 'batch starts at 1.').default(1) }) },
  agentCdnTasks: { method: 'GET', path: '/api/agent/cdn-tasks', area: 'agent', auth: 'agent', summary: "The ladder's CDN web-form tasks, oldest first, each with the form's fields filled with the agent's identity and the case's work (agent or admin)", reply: cdnTaskListSchema },
  agentCdnTaskFiled: { method: 'POST', path: '/api/agent/cdn-tasks/{id}/filed', area: 'agent', auth: 'agent', summary: "Record that the agent filed the CDN's web form, with the reference it answered; the case's ladder shows the filing", params: cdnTaskIdParamsSchema, body: cdnTaskFiledBodySchema, reply: cdnTaskSchema },
  agentCounterNotice: { method: 'POST', path: '/api/agent/cases/{id}/counter-notice', area: 'agent', auth: 'agent', summary: 'Record a counter-notice (who, when, statement): the 512(g) restoration window, the creator told by e-mail, the ladder stopped', params: idParams('Case'), body: counterNoticeBodySchema, reply: caseSchema },
  userReport: { method: 'GET', path: '/api/user/{id}/report', area: 'documents', auth: 'user', summary: 'Protection report for a period (from, to: days; format pdf or csv; the last 30 days by default): scans, results, cases with their notices (owner or admin)', params: userParams, query: reportQuerySchema },
  businessReport: { method: 'GET', path: '/api/admin/reports/{kind}', area: 'documents', auth: 'admin', summary: 'A business report as PDF or CSV (kind: monthly-revenue, quarterly-summary, annual-financial, user-analytics, subscription-analysis, churn-analysis)', params: businessReportParamsSchema, query: businessReportQuerySchema },
  platformReport: { method: 'GET', path: '/api/admin/report', area: 'documents', auth: 'admin', summary: 'The same report across all creators, figures only (no creator identity)', query: reportQuerySchema },
  sendReportNow: { method: 'POST', path: '/api/admin/report/send', area: 'documents', auth: 'admin', summary: 'E-mail the platform report (PDF and CSV) to the administrators now (the monthly job sends it when scheduled)', query: reportQuerySchema, reply: reportSentSchema },
  reportSchedule: { method: 'GET', path: '/api/admin/report/schedule', area: 'admin', auth: 'admin', summary: "The monthly platform report's schedule: on or off, the next send (06:00 UTC on the 1st) and the recipients", reply: reportScheduleSchema },
  setReportSchedule: { method: 'PUT', path: '/api/admin/report/schedule', area: 'admin', auth: 'admin', summary: 'Turn the monthly platform report e-mail on or off ({"enabled": boolean})', body: reportScheduleBodySchema, reply: reportScheduleSchema },

  getUser: { method: 'GET', path: '/api/user/{id}', area: 'account', auth: 'user', summary: 'The user with the creator identity kept on file (never put in notices)', params: userParams, reply: creatorUserSchema },
  putContentCreator: { method: 'PUT', path: '/api/user/{id}/content-creator', area: 'account', auth: 'user', summary: 'Save the creator identity (owner only)', params: userParams, body: creatorSettingsSchema, reply: creatorUserSchema },
  usage: { method: 'GET', path: '/api/user/{id}/usage', area: 'account', auth: 'user', summary: "This month's searches, cases and violations with the plan's allowances (owner or admin)", params: userParams, reply: usageSchema },
  subscription: { method: 'GET', path: '/api/user/subscription', area: 'account', auth: 'user', summary: "The caller's stored plan, status and discount", reply: subscriptionSchema },
  upgrade: { method: 'POST', path: '/api/subscription/upgrade', area: 'account', auth: 'user', summary: 'Change plan through the billing port (demo: at once; Stripe: Checkout or the subscription updated; none: 503)', body: upgradeBodySchema, reply: upgradeResponseSchema },
  billingMode: { method: 'GET', path: '/api/billing/mode', area: 'account', auth: 'public', summary: 'How plan changes are paid here: demo, stripe or none', reply: billingModeSchema },
  billingPortal: { method: 'POST', path: '/api/billing/portal', area: 'account', auth: 'user', summary: "A Stripe customer portal URL for the caller's subscription (\"Manage billing\")", reply: billingPortalSchema },
  exportAccount: { method: 'POST', path: '/api/user/{id}/export', area: 'account', auth: 'user', summary: 'Queue an export of all of the caller\'s data (JSON and files, one ZIP archive); answers the job, 202 (owner only)', params: userParams, reply: accountExportSchema },
  latestExport: { method: 'GET', path: '/api/user/{id}/export', area: 'account', auth: 'user', summary: 'The caller\'s newest data export job; a presigned link (an hour) once it is ready (owner only)', params: userParams, reply: latestExportSchema },
  requestDeletion: { method: 'POST', path: '/api/user/{id}/deletion', area: 'account', auth: 'user', summary: 'Ask to delete the account: mails a confirmation link to the account address (owner only); nothing is deleted yet', params: userParams, reply: deletionRequestSchema },
  deletionPage: { method: 'GET', path: '/api/account/deletion', area: 'account', auth: 'public', summary: 'Confirmation page of an account deletion link (signed, expiring token)', query: deletionQuerySchema },
  confirmDeletion: { method: 'POST', path: '/api/account/deletion', area: 'account', auth: 'public', summary: 'Confirm an account deletion (signed token): starts the erasure workflow', query: deletionQuerySchema, bodyKind: 'raw' },
  getLikeness: { method: 'GET', path: '/api/user/{id}/likeness', area: 'likeness', auth: 'user', summary: "Likeness matching: consent, enrolled faces (crops) and state (owner only; an administrator gets 403)", params: userParams, reply: likenessStatusSchema },
  consentLikeness: { method: 'POST', path: '/api/user/{id}/likeness/consent', area: 'likeness', auth: 'user', summary: 'Consent to likeness matching (the consent text version agreed to is stored with the date); owner only', params: userParams, body: likenessConsentSchema, reply: likenessStatusSchema },
  addLikenessPhoto: { method: 'POST', path: '/api/user/{id}/likeness/photos', area: 'likeness', auth: 'user', summary: 'Add an enrolment photo (data URL): one face, detected and quality-checked; its embedding and crop wait for confirmation, the photo is not kept (owner only)', params: userParams, body: likenessPhotoSchema, reply: likenessPhotoReplySchema },
  confirmLikeness: { method: 'POST', path: '/api/user/{id}/likeness/confirm', area: 'likeness', auth: 'user', summary: 'Confirm the crops to enrol (at least three); unconfirmed faces are dropped and scans start looking for the face (owner only)', params: userParams, body: likenessConfirmSchema, reply: likenessStatusSchema },
  revokeLikeness: { method: 'DELETE', path: '/api/user/{id}/likeness', area: 'likeness', auth: 'user', summary: 'Turn likeness matching off: the consent and every face embedding and crop are deleted at once (owner only)', params: userParams, reply: likenessStatusSchema },
  stripeWebhook: { method: 'POST', path: '/api/billing/stripe-webhook', area: 'account', auth: 'public', summary: 'Stripe webhook (signed; raw body): checkout, paid and failed invoices, subscription changes and deletion', bodyKind: 'raw', crossSite: "Stripe's servers call it; the Stripe-Signature header authenticates it" },

  adminMetrics: { method: 'GET', path: '/api/admin/metrics', area: 'admin', auth: 'admin', summary: 'Business metrics: revenue, MRR, users, subscriptions, conversion, churn, ARPU, LTV', reply: adminMetricsSchema },
  adminUsers: { method: 'GET', path: '/api/admin/users', area: 'admin', auth: 'admin', summary: 'Users summary: trial, subscribers per plan, sign-ups, active, upgraded and cancelled this month', reply: adminUsersSchema },
  adminSystem: { method: 'GET', path: '/api/admin/system', area: 'admin', auth: 'admin', summary: 'System figures: scan success rate, uptime, response time, totals', reply: adminSystemSchema },
  financial: { method: 'GET', path: '/api/admin/financial', area: 'admin', auth: 'admin', summary: 'Monthly revenue, expenses (cost model), profit and growth, at most 12 months', reply: financialRowsSchema },
  financialStats: { method: 'GET', path: '/api/admin/financial-stats', area: 'admin', auth: 'admin', summary: 'Compact financial summary', reply: financialStatsSchema },
  userManagement: { method: 'GET', path: '/api/admin/user-management', area: 'admin', auth: 'admin', summary: 'Users with plan, discount, spend and activity, newest first (cursor paging; next cursor in x-next-cursor)', query: userManagementQuerySchema, reply: managedUserListSchema },
  aiInsights: { method: 'GET', path: '/api/admin/ai-insights', area: 'admin', auth: 'admin', summary: 'Engagement, behaviour patterns and findings derived from the figures', reply: aiInsightsSchema },
  setDiscount: { method: 'PUT', path: '/api/admin/users/{userId}', area: 'admin', auth: 'admin', summary: "Set a user's discount percent (0-100); never the caller's own (403 OWN_DISCOUNT); recorded in the audit log", params: z.object({ userId: z.string() }), body: discountBodySchema, reply: managedUserSchema },
  adminRevenue: { method: 'GET', path: '/api/admin/revenue', area: 'admin', auth: 'admin', summary: 'Revenue per plan, growth (month, quarter, year) and projected ARR, from the billing counters', reply: revenueSchema },
  adminActivity: { method: 'GET', path: '/api/admin/activity', area: 'admin', auth: 'admin', summary: "The platform's newest business events (sign-ups, plan changes, scans, notices, removals)", reply: activityListSchema },
  sourceHealth: { method: 'GET', path: '/api/admin/sources', area: 'admin', auth: 'admin', summary: "Each source's health (issue 25): runs, error rate, last success, requests and rate-limit waits, worst first", reply: sourceHealthListSchema },
  sourceSites: { method: 'GET', path: '/api/sources/sites', area: 'search', auth: 'user', summary: `The leak sites a scan or a monitor can watch (site rule ids with their names and kinds); source kinds: ${SOURCE_KINDS.join(', ')}`, reply: siteRuleListSchema },
  auditLog: { method: 'GET', path: '/api/admin/audit', area: 'admin', auth: 'admin', summary: 'The newest administrator changes: who, what, when', reply: auditListSchema },
  getMaintenance: { method: 'GET', path: '/api/admin/settings/maintenance', area: 'admin', auth: 'admin', summary: 'Maintenance mode: on or off, and the message the sign-in pages show', reply: maintenanceSchema },
  setMaintenance: { method: 'PUT', path: '/api/admin/settings/maintenance', area: 'admin', auth: 'admin', summary: 'Turn maintenance mode on or off ({"enabled", "message"?}): while on, no new account is created; recorded in the audit log', body: maintenanceBodySchema, reply: maintenanceSchema },
  getRateLimits: { method: 'GET', path: '/api/admin/settings/rate-limits', area: 'admin', auth: 'admin', summary: 'Per-plan token buckets on costly routes (perMinute, burst) and the routes they cover', reply: rateLimitsSchema },
  getPlanPrices: { method: 'GET', path: '/api/admin/settings/plan-prices', area: 'account', auth: 'admin', summary: 'Pricing Updates: the monthly price of each plan in US dollars, and when it was last changed', reply: planPricesSchema },
  setPlanPrices: { method: 'PUT', path: '/api/admin/settings/plan-prices', area: 'account', auth: 'admin', summary: 'Set the paid plans\' monthly prices ({basic, pro, enterprise} in whole US dollars, rising): with Stripe billing new prices are created there first; recorded in the audit log', body: planPricesBodySchema, reply: planPricesSchema },
  setRateLimits: { method: 'PUT', path: '/api/admin/settings/rate-limits', area: 'admin', auth: 'admin', summary: 'Set every plan\'s limit ({trial, basic, pro, enterprise: {perMinute, burst}}); recorded in the audit log', body: rateLimitsBodySchema, reply: rateLimitsSchema },

  riskMetrics: { method: 'GET', path: '/api/risk/metrics', area: 'risk', auth: 'user', summary: "The caller's risk score, level and figures for a period (24h, 7d, 30d, 90d)", query: riskPeriodQuerySchema, reply: riskMetricsSchema },
  hotspots: { method: 'GET', path: '/api/risk/hotspots', area: 'risk', auth: 'user', summary: "The caller's exposure per platform with trend and geography", reply: riskHotspotListSchema },
  trends: { method: 'GET', path: '/api/risk/trends', area: 'risk', auth: 'user', summary: "The caller's daily new, open and resolved exposures over a period", query: riskPeriodQuerySchema, reply: riskTrendListSchema },
  contentAnalysis: { method: 'GET', path: '/api/risk/content-analysis', area: 'risk', auth: 'user', summary: "The caller's exposure per content type with a recommendation", reply: contentRiskListSchema },
  riskRecommendations: { method: 'GET', path: '/api/risk/recommendations', area: 'risk', auth: 'user', summary: "Advice computed from the caller's account: plan, monitors, automatic submission, escalations, hosts that ignore notices", reply: riskRecommendationListSchema },

  sendContact: { method: 'POST', path: '/api/contact', area: 'contact', auth: 'user', summary: 'Send a message to the support inbox (5 an hour per user)', body: contactMessageSchema, reply: contactResponseSchema },

  recordEvent: { method: 'POST', path: '/api/events', area: 'events', auth: 'user', summary: 'Record a page view or feature use (engagement figures)', body: eventBodySchema },

  createMonitor: { method: 'POST', path: '/api/monitors', area: 'monitors', auth: 'user', summary: "Create a monitor (multipart: the scan's fields plus cadence, alerts, name, autoSubmit, originalUrl); plan count and cadence enforced (402 PLAN_LIMIT), autoSubmit on paid plans only (402 PLAN_REQUIRED)", bodyKind: 'raw', reply: monitorSchema },
  listMonitors: { method: 'GET', path: '/api/user/{id}/monitors', area: 'monitors', auth: 'user', summary: "A user's monitors, newest first", params: userParams, reply: monitorListSchema },
  getMonitor: { method: 'GET', path: '/api/monitors/{id}', area: 'monitors', auth: 'user', summary: 'A monitor with its last 20 runs {searchId, startedAt, status, newCount}', params: idParams('Monitor'), reply: monitorDetailSchema },
  updateMonitor: { method: 'PUT', path: '/api/monitors/{id}', area: 'monitors', auth: 'user', summary: 'Pause or resume a monitor, change its cadence, alerts, name, autoSubmit (paid plans; 402 PLAN_REQUIRED) or originalUrl (owner only)', params: idParams('Monitor'), body: monitorUpdateSchema, reply: monitorSchema },
  deleteMonitor: { method: 'DELETE', path: '/api/monitors/{id}', area: 'monitors', auth: 'user', summary: 'Delete a monitor (owner only; its results stay)', params: idParams('Monitor') },
  runMonitor: { method: 'POST', path: '/api/monitors/{id}/run', area: 'monitors', auth: 'user', summary: 'Run a monitor now (counts against the scan allowance; owner only)', params: idParams('Monitor'), reply: monitorRunStartedSchema },
  listAlerts: { method: 'GET', path: '/api/user/{id}/alerts', area: 'monitors', auth: 'user', summary: "The notification bell: a user's newest alerts and the unread count", params: userParams, reply: alertListSchema },
  readAlerts: { method: 'POST', path: '/api/user/{id}/alerts/read', area: 'monitors', auth: 'user', summary: 'Mark alerts read ({ids?}; all when absent; owner only)', params: userParams, body: alertsReadBodySchema },
  unsubscribePage: { method: 'GET', path: '/api/alerts/unsubscribe', area: 'monitors', auth: 'public', summary: 'Confirmation page of an alert e-mail unsubscribe link (signed token)', query: unsubscribeQuerySchema },
  unsubscribe: { method: 'POST', path: '/api/alerts/unsubscribe', area: 'monitors', auth: 'public', summary: 'One-click unsubscribe (RFC 8058): turns the monitor alerts off, no sign-in', query: unsubscribeQuerySchema, bodyKind: 'raw', crossSite: "A mail provider's server posts List-Unsubscribe=One-Click (RFC 8058); the signed token authenticates it" },
});


/** The rows as a list, in table order. */
export const ROUTES: readonly RouteDef[] = Object.values(contract);

/** `GET /api/search/{id}`: the API Gateway v2 route key of a route. */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

type Out<S> = S extends ZodType ? z.output<S> : never;
type In<S> = S extends ZodType ? z.input<S> : never;
/** The parsed (output) types of a row's parts, for handlers; `unknown` where the row has no schema. */
export type ParamsOf<R> = R extends { params: infer S } ? Out<S> : unknown;
export type QueryOf<R> = R extends { query: infer S } ? Out<S> : unknown;
export type BodyOf<R> = R extends { bodyKind: 'raw' } ? undefined : R extends { body: infer S } ? Out<S> : unknown;
/** What a client sends and receives for a row. */
export type ParamsIn<R> = R extends { params: infer S } ? In<S> : undefined;
export type QueryIn<R> = R extends { query: infer S } ? In<S> : undefined;
export type BodyIn<R> = R extends { body: infer S } ? In<S> : unknown;
export type ReplyOf<R> = R extends { reply: infer S } ? Out<S> : unknown;

/**
 * The URL of a contract row: `{name}` placeholders filled from `params` (encoded) and
 * `query` appended (undefined values left out). The web's calls and SWR keys and the server's HTML
 * pages (forms, links) build their URLs here, so no path is written by hand.
 */
export function apiPath<R extends RouteDef>(route: R, input: { params?: ParamsIn<R>; query?: QueryIn<R> } = {}): string {
  const params = (input.params ?? {}) as Record<string, string>;
  const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (params[name] === undefined) throw new Error(`${route.name}: path parameter ${name} is missing`);
    return encodeURIComponent(params[name]);
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined) query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
