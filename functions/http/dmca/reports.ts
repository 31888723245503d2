import { z } from 'zod';
import { reportQuerySchema } from '../../../shared/schemas/report';
import { userIdParamSchema } from '../../../shared/schemas/search';
import { binary, json, resolveUserParam, userEndpoint } from '../../lib/http';
import { creatorReportFile, platformReportFile } from '../../services/reports';
import { sendPlatformReport } from '../../services/reports/send-report';

/*
 * Protection reports. They live in this area because it already carries pdfmake and the notice fonts.
 * `GET /api/user/{id}/report`: the owner (`me`) or an admin; `GET /api/admin/report`: admins (route rule).
 */

const userParams = z.object({ id: userIdParamSchema });

export const userReport = userEndpoint({ params: userParams, query: reportQuerySchema }, async ({ params, query, caller }) => {
  const file = await creatorReportFile(resolveUserParam(caller, params.id), query);
  return binary(file.content, file.contentType, file.filename);
});

export const platformReport = userEndpoint({ query: reportQuerySchema }, async ({ query }) => {
  const file = await platformReportFile(query);
  return binary(file.content, file.contentType, file.filename);
});

/** The admin's "Schedule Report" sends the report now (last 30 days unless a period is given), as the monthly job does. */
export const sendReportNow = userEndpoint({ query: reportQuerySchema }, async ({ query }) =>
  json(await sendPlatformReport({ from: query.from, to: query.to })),
);
