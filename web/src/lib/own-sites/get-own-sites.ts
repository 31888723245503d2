import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import { ownSiteListSchema } from '@shared/schemas/own-sites';
import { api, apiPath } from '@/lib/api-client';
import { contract } from '@shared/contract';

/*
 * The creator's own sites and handles ("My sites", issue 23): Settings edits them, the DMCA form reads them (the
 * only accepted original URLs), so the resource lives in lib/.
 */

/** `GET /api/user/me/own-sites`. */
export const OWN_SITES_KEY = apiPath(contract.listOwnSites, { params: { id: 'me' } });

export type OwnSiteList = ReturnType<typeof ownSiteListSchema.parse>;

export async function getOwnSites(): Promise<OwnSiteList> {
  return ownSiteListSchema.parse(await api(contract.listOwnSites, { params: { id: 'me' } }));
}

/** The creator's own sites and handles, in the order they were added. */
export function useOwnSites() {
  return useSWR(OWN_SITES_KEY, getOwnSites);
}

/** Adds a site or handle (`POST`); the answer is the whole list. @throws {ApiError} 400, 409 with the server's message. */
export function useAddOwnSite() {
  return useSWRMutation(
    OWN_SITES_KEY,
    async (_key: string, { arg }: { arg: string }) => ownSiteListSchema.parse(await api(contract.addOwnSite, { params: { id: 'me' }, body: { site: arg } })),
    { populateCache: (list: OwnSiteList) => list, revalidate: false, throwOnError: true },
  );
}

/** Removes a site or handle by its value (`DELETE ?value=`); the answer is the whole list. */
export function useRemoveOwnSite() {
  return useSWRMutation(
    OWN_SITES_KEY,
    async (_key: string, { arg }: { arg: string }) => ownSiteListSchema.parse(await api(contract.removeOwnSite, { params: { id: 'me' }, query: { value: arg } })),
    { populateCache: (list: OwnSiteList) => list, revalidate: false, throwOnError: true },
  );
}
