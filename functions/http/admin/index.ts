import { NEXT_CURSOR_HEADER } from '../../../shared/schemas/admin';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { contract } from '../../../shared/contract';
import { areaHandler, json, userEndpoint } from '../chain';
import {
  adminFinancial,
  adminFinancialStats,
  adminInsights,
  adminMetrics,
  adminSystem,
  adminRevenue,
  adminUsers,
  listManagedUsers,
  setDiscount as saveDiscount,
} from '../../services/admin';
import { getReportSchedule, setReportSchedule } from '../../services/reports/schedule';
import { listActivity } from '../../services/platform/activity';
import { listSourceHealth } from '../../services/search/sources';
import { listAudit, recordAudit } from '../../services/platform/audit';
import { getMaintenance, setMaintenance } from '../../services/platform/maintenance';
import { getRateLimits, setRateLimits } from '../../services/platform/rate-limits';

/*
 * The Business Dashboard's calls (PRODUCT.md section 7). Every route is `admin` in the route table, so the chain
 * answers 401 to anonymous callers and 403 to signed-in non-admins before any of this runs. The figures come
 * from counters (services/admin), never from a scan of the table.
 */

const metrics = userEndpoint(contract.adminMetrics, async () => json(await adminMetrics()));
const users = userEndpoint(contract.adminUsers, async () => json(await adminUsers()));
const system = userEndpoint(contract.adminSystem, async () => json(await adminSystem()));
const financial = userEndpoint(contract.financial, async () => json(await adminFinancial()));
const financialStats = userEndpoint(contract.financialStats, async () => json(await adminFinancialStats()));
const aiInsights = userEndpoint(contract.aiInsights, async () => json(await adminInsights()));

/** An array, as the site reads it; the next page's cursor travels in the `x-next-cursor` header. */
const userManagement = userEndpoint(contract.userManagement, async ({ query }) => {
  const page = await listManagedUsers(query);
  return json(page.users, 200, page.nextCursor ? { headers: { [NEXT_CURSOR_HEADER]: page.nextCursor } } : {});
});

/** User ids are ULIDs; anything else cannot be a user (404, like an unknown one). */
const USER_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/i;

/**
 * An administrator never sets their own discount (issue 27): refused with 403 before anything is read. Every
 * change made is recorded in the audit log.
 */
const setDiscount = userEndpoint(contract.setDiscount, async ({ params, body, caller }) => {
  if (!USER_ID.test(params.userId)) throw new NotFoundError('User');
  const userId = params.userId.toUpperCase();
  if (userId === caller.userId.toUpperCase()) throw new ForbiddenError('You cannot change your own discount. Ask another administrator.', 'OWN_DISCOUNT');
  const { row, before } = await saveDiscount(userId, body.discount);
  await recordAudit(caller, 'discount', `Set the discount of ${row.email} from ${before}% to ${row.discount}%`, { targetId: userId, before, after: row.discount });
  return json(row);
});

/** Schedule Report: the monthly platform report e-mail, on or off (the job on the 1st reads it). */
const reportSchedule = userEndpoint(contract.reportSchedule, async () => json(await getReportSchedule()));
const saveReportSchedule = userEndpoint(contract.setReportSchedule, async ({ body, caller }) => {
  const saved = await setReportSchedule(body.enabled, caller.userId);
  await recordAudit(caller, 'report-schedule', saved.enabled ? 'Turned the monthly report e-mail on' : 'Turned the monthly report e-mail off', { after: saved.enabled });
  return json(saved);
});

/** Revenue per plan, growth and projected ARR (services/admin/revenue.ts). */
const revenue = userEndpoint(contract.adminRevenue, async () => json(await adminRevenue()));
/** The platform's newest business events (Recent Activity). */
const activity = userEndpoint(contract.adminActivity, async () => json(await listActivity(20)));
/** Each source's health (issue 25): counters the search workflow's QuerySource task adds to. */
const sourceHealth = userEndpoint(contract.sourceHealth, async () => json(await listSourceHealth()));
/** The newest administrator changes. */
const auditLog = userEndpoint(contract.auditLog, async () => json(await listAudit(50)));

/** The Settings tab's three Configure buttons: maintenance mode and rate limits (each change audited by the service). */
const maintenance = userEndpoint(contract.getMaintenance, async () => json(await getMaintenance()));
const saveMaintenance = userEndpoint(contract.setMaintenance, async ({ body, caller }) => json(await setMaintenance(caller, body)));
const rateLimits = userEndpoint(contract.getRateLimits, async () => json(await getRateLimits()));
const saveRateLimits = userEndpoint(contract.setRateLimits, async ({ body, caller }) => json(await setRateLimits(caller, body)));

export const handler = areaHandler('admin', [
  metrics,
  users,
  system,
  financial,
  financialStats,
  userManagement,
  aiInsights,
  setDiscount,
  reportSchedule,
  saveReportSchedule,
  revenue,
  activity,
  auditLog,
  sourceHealth,
  maintenance,
  saveMaintenance,
  rateLimits,
  saveRateLimits,
]);
