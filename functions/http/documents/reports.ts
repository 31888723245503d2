import { contract } from '../../../shared/contract';
import { binary, json, resolveUserParam, userEndpoint } from '../chain';
import { creatorReportFile, platformReportFile } from '../../services/reports';
import { sendPlatformReport } from '../../services/reports/send-report';
import { businessReportFile } from '../../services/admin';

/*
 * Protection reports (PDF or CSV), in the area that carries the PDF renderer.
 * `GET /api/user/{id}/report`: the owner (`me`) or an admin; `GET /api/admin/report`: admins (route rule).
 */

export const userReport = userEndpoint(contract.userReport, async ({ params, query, caller }) => {
  const file = await creatorReportFile(resolveUserParam(caller, params.id), query);
  return binary(file.content, file.contentType, file.filename);
});

export const platformReport = userEndpoint(contract.platformReport, async ({ query }) => {
  const file = await platformReportFile(query);
  return binary(file.content, file.contentType, file.filename);
});

/** The admin's "Schedule Report" sends the report now (last 30 days unless a period is given), as the monthly job does. */
export const sendReportNow = userEndpoint(contract.sendReportNow, async ({ query }) =>
  json(await sendPlatformReport({ from: query.from, to: query.to })),
);

/** The Reports tab's six business reports (administrators, route rule), PDF or CSV. */
export const businessReport = userEndpoint(contract.businessReport, async ({ params, query }) => {
  const file = await businessReportFile(params.kind, query.format);
  return binary(file.content, file.contentType, file.filename);
});
