import type { ZodType } from 'zod';
import {
  automatedSubmissionResponseSchema,
  bulkSubmitResponseSchema,
  bulkSubmitSchema,
  caseCreateSchema,
  caseCreatedSchema,
  caseListSchema,
  caseSchema,
  googleExportBodySchema,
  googleExportQuerySchema,
  submissionInfoQuerySchema,
  submissionInfoSchema,
} from './schemas/dmca';
import { creatorSettingsSchema, creatorUserSchema } from './schemas/creator';
import { subscriptionSchema, upgradeBodySchema, upgradeResponseSchema } from './schemas/subscription';
import { usageSchema } from './schemas/usage';
import { allowlistCreateSchema, allowlistEntrySchema, allowlistListSchema } from './schemas/allowlist';
import {
  groupedResultsSchema,
  resultListQuerySchema,
  reviewBodySchema,
  searchResultListSchema,
  searchResultSchema,
  searchResultsQuerySchema,
  searchSchema,
  userStatsSchema,
} from './schemas/search';
import { currentUserSchema } from './schemas/user';
import { chatReplySchema, chatRequestSchema } from './help/chat';
import { searchStartResponseSchema } from './schemas/search-start';
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
import {
  contentRiskListSchema,
  riskHotspotListSchema,
  riskMetricsSchema,
  riskPeriodQuerySchema,
  riskTrendListSchema,
} from './schemas/risk';
import { contactMessageSchema, contactResponseSchema } from './schemas/contact';
import { eventBodySchema } from './schemas/events';
import {
  alertListSchema,
  alertsReadBodySchema,
  monitorDetailSchema,
  monitorListSchema,
  monitorRunStartedSchema,
  monitorSchema,
  monitorUpdateSchema,
} from './schemas/monitor';

/**
 * The API contract by route key: request and response schemas that the handlers parse with and that
 * /api/openapi.json is generated from. Handlers import the same schemas, so the document cannot drift.
 */
export const API_SCHEMAS: Record<string, { body?: ZodType; query?: ZodType; response?: ZodType }> = {
  'GET /api/auth/user': { response: currentUserSchema },

  'GET /api/search/{id}': { response: searchSchema },
  'GET /api/search/{id}/results': { query: searchResultsQuerySchema, response: searchResultListSchema },
  'GET /api/search-result/{id}': { response: searchResultSchema },
  'GET /api/user/{id}/results': { query: resultListQuerySchema, response: searchResultListSchema },
  'GET /api/user/{id}/results/grouped': { query: resultListQuerySchema, response: groupedResultsSchema },
  'GET /api/user/{id}/stats': { response: userStatsSchema },
  'PUT /api/search-results/{id}/review': { body: reviewBodySchema, response: searchResultSchema },

  'GET /api/user/{id}/allowlist': { response: allowlistListSchema },
  'POST /api/user/{id}/allowlist': { body: allowlistCreateSchema, response: allowlistEntrySchema },

  'POST /api/search': { response: searchStartResponseSchema },
  'POST /api/chatbot': { body: chatRequestSchema, response: chatReplySchema },

  'POST /api/dmca': { body: caseCreateSchema, response: caseCreatedSchema },
  'GET /api/dmca/{id}': { response: caseSchema },
  'GET /api/user/{id}/dmca': { response: caseListSchema },
  'POST /api/dmca/{id}/submit-automated': { response: automatedSubmissionResponseSchema },
  'POST /api/dmca/bulk-submit': { body: bulkSubmitSchema, response: bulkSubmitResponseSchema },
  'GET /api/submission-info/{searchEngine}': { query: submissionInfoQuerySchema, response: submissionInfoSchema },
  'GET /api/dmca/export/google': { query: googleExportQuerySchema },
  'POST /api/dmca/export/google': { body: googleExportBodySchema },

  'GET /api/user/{id}': { response: creatorUserSchema },
  'PUT /api/user/{id}/content-creator': { body: creatorSettingsSchema, response: creatorUserSchema },
  'GET /api/user/{id}/usage': { response: usageSchema },
  'GET /api/user/subscription': { response: subscriptionSchema },
  'POST /api/subscription/upgrade': { body: upgradeBodySchema, response: upgradeResponseSchema },

  'GET /api/admin/metrics': { response: adminMetricsSchema },
  'GET /api/admin/users': { response: adminUsersSchema },
  'GET /api/admin/system': { response: adminSystemSchema },
  'GET /api/admin/financial': { response: financialRowsSchema },
  'GET /api/admin/financial-stats': { response: financialStatsSchema },
  'GET /api/admin/user-management': { query: userManagementQuerySchema, response: managedUserListSchema },
  'GET /api/admin/ai-insights': { response: aiInsightsSchema },
  'PUT /api/admin/users/{userId}': { body: discountBodySchema, response: managedUserSchema },

  'GET /api/risk/metrics': { query: riskPeriodQuerySchema, response: riskMetricsSchema },
  'GET /api/risk/hotspots': { response: riskHotspotListSchema },
  'GET /api/risk/trends': { query: riskPeriodQuerySchema, response: riskTrendListSchema },
  'GET /api/risk/content-analysis': { response: contentRiskListSchema },

  'POST /api/contact': { body: contactMessageSchema, response: contactResponseSchema },
  'POST /api/events': { body: eventBodySchema },

  'POST /api/monitors': { response: monitorSchema },
  'GET /api/user/{id}/monitors': { response: monitorListSchema },
  'GET /api/monitors/{id}': { response: monitorDetailSchema },
  'PUT /api/monitors/{id}': { body: monitorUpdateSchema, response: monitorSchema },
  'POST /api/monitors/{id}/run': { response: monitorRunStartedSchema },
  'GET /api/user/{id}/alerts': { response: alertListSchema },
  'POST /api/user/{id}/alerts/read': { body: alertsReadBodySchema },
};
