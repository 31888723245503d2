import { z } from 'zod';
import { allowlistCreateSchema } from '../../../shared/schemas/allowlist';
import { itemIdSchema, userIdParamSchema } from '../../../shared/schemas/search';
import { areaHandler, json, resolveUserParam, userEndpoint } from '../../lib/http';
import { addAllowlistEntry, listAllowlist, removeAllowlistEntry, toAllowlistDto } from '../../services/allowlist';

/*
 * The creator's domain allowlist (SPEC sections 3, 5 and 7). Lists and adds go through resolveUserParam
 * (me, own id, or admin); removal by entry id is for the entry's owner only (others get 404).
 */

const userParams = z.object({ id: userIdParamSchema });

const listAllowlistEndpoint = userEndpoint({ params: userParams }, async ({ params, caller }) =>
  json((await listAllowlist(resolveUserParam(caller, params.id))).map(toAllowlistDto)),
);

const addAllowlist = userEndpoint({ params: userParams, body: allowlistCreateSchema }, async ({ params, body, caller }) =>
  json(toAllowlistDto(await addAllowlistEntry(resolveUserParam(caller, params.id), body)), 201),
);

const removeAllowlist = userEndpoint({ params: z.object({ id: itemIdSchema('Allowlist entry') }) }, async ({ params, caller }) => {
  await removeAllowlistEntry(caller.userId, params.id);
  return { status: 204 };
});

export const handler = areaHandler('allowlist', {
  listAllowlist: listAllowlistEndpoint,
  addAllowlist,
  removeAllowlist,
});
