import { contract } from '../../../shared/contract';
import { areaHandler, json, resolveUserParam, userEndpoint } from '../chain';
import { addAllowlistEntry, listAllowlist, removeAllowlistEntry, toAllowlistDto } from '../../services/allowlist';

/*
 * The creator's domain allowlist (PRODUCT.md sections 3, 5 and 7). Lists and adds go through resolveUserParam
 * (me, own id, or admin); removal by entry id is for the entry's owner only (others get 404).
 */

const listAllowlistEndpoint = userEndpoint(contract.listAllowlist, async ({ params, caller }) =>
  json((await listAllowlist(resolveUserParam(caller, params.id))).map(toAllowlistDto)),
);

const addAllowlist = userEndpoint(contract.addAllowlist, async ({ params, body, caller }) =>
  json(toAllowlistDto(await addAllowlistEntry(resolveUserParam(caller, params.id), body)), 201),
);

const removeAllowlist = userEndpoint(contract.removeAllowlist, async ({ params, caller }) => {
  await removeAllowlistEntry(caller.userId, params.id);
  return { status: 204 };
});

export const handler = areaHandler('allowlist', [listAllowlistEndpoint, addAllowlist, removeAllowlist]);
