import { z } from 'zod';
import { reportQuerySchema } from '../../../shared/schemas/report';
import { userIdParamSchema } from '../../../shared/schemas/search';
import { binary, resolveUserParam, userEndpoint } from '../../lib/http';
import { creatorReportFile, platformReportFile } from '../../services/reports';

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
