import { contract } from '../../../shared/contract';
import { areaHandler, json, resolveUserParam, userEndpoint } from '../chain';
import { addAllowlistEntry, listAllowlist, removeAllowlistEntry, toAllowlistDto } from '../../services/allowlist';
import { addOwnSite, listOwnSites, removeOwnSite } from '../../services/own-sites';

/*
 * The creator's domain allowlist (PRODUCT.md sections 3, 5 and 7) and their own sites ("My sites", issue 23).
 * Lists and adds go through resolveUserParam (me, own id, or admin); removal by entry id is for the entry's
 * owner only (others get 404).
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

const listOwnSitesEndpoint = userEndpoint(contract.listOwnSites, async ({ params, caller }) => json(await listOwnSites(resolveUserParam(caller, params.id))));

const addOwnSiteEndpoint = userEndpoint(contract.addOwnSite, async ({ params, body, caller }) =>
  json(await addOwnSite(resolveUserParam(caller, params.id), body.site), 201),
);

const removeOwnSiteEndpoint = userEndpoint(contract.removeOwnSite, async ({ params, query, caller }) =>
  json(await removeOwnSite(resolveUserParam(caller, params.id), query.value)),
);

export const handler = areaHandler('allowlist', [listAllowlistEndpoint, addAllowlist, removeAllowlist, listOwnSitesEndpoint, addOwnSiteEndpoint, removeOwnSiteEndpoint]);
