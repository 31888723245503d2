import { NEXT_CURSOR_HEADER } from '../../../shared/schemas/admin';
import { NotFoundError } from '../../lib/errors';
import { contract } from '../../../shared/contract';
import { areaHandler, json, userEndpoint } from '../chain';
import {
  adminFinancial,
  adminFinancialStats,
  adminInsights,
  adminMetrics,
  adminSystem,
  adminUsers,
  listManagedUsers,
  setDiscount as saveDiscount,
} from '../../services/admin';
import { getReportSchedule, setReportSchedule } from '../../services/reports/schedule';

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

const setDiscount = userEndpoint(contract.setDiscount, async ({ params, body }) => {
    if (!USER_ID.test(params.userId)) throw new NotFoundError('User');
    return json(await saveDiscount(params.userId.toUpperCase(), body.discount));
  },
);

/** Schedule Report: the monthly platform report e-mail, on or off (the job on the 1st reads it). */
const reportSchedule = userEndpoint(contract.reportSchedule, async () => json(await getReportSchedule()));
const saveReportSchedule = userEndpoint(contract.setReportSchedule, async ({ body, caller }) => json(await setReportSchedule(body.enabled, caller.userId)));

export const handler = areaHandler('admin', [metrics, users, system, financial, financialStats, userManagement, aiInsights, setDiscount, reportSchedule, saveReportSchedule]);
