import useSWR from 'swr';
import { contract } from '@shared/contract';
import { siteConfigSchema } from '@shared/schemas/site-config';
import { api } from '@/lib/api-client';

/** `GET /api/site-config` (public): the settings the site shows. */
export const SITE_CONFIG_KEY = contract.siteConfig.path;

/** Reads the site's public settings. */
export async function getSiteConfig() {
  return siteConfigSchema.parse(await api(contract.siteConfig));
}

/**
 * The support inbox of this deployment (`GET /api/site-config`, public; `supportEmail` of the CDK context, locally
 * SUPPORT_EMAIL): the address the contact form writes to. Undefined until it has loaded; never a built-in value.
 */
export function useSupportEmail(): string | undefined {
  const { data } = useSWR(SITE_CONFIG_KEY, getSiteConfig, { revalidateOnFocus: false });
  return data?.supportEmail;
}
