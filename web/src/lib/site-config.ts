import useSWR from 'swr';
import { contract } from '@shared/contract';
import { siteConfigSchema } from '@shared/schemas/site-config';
import { api } from '@/lib/api-client';

/**
 * The support inbox of this deployment (`GET /api/site-config`, public; `supportEmail` of the CDK context, locally
 * SUPPORT_EMAIL): the address the contact form writes to. Undefined until it has loaded; never a built-in value.
 */
export function useSupportEmail(): string | undefined {
  const { data } = useSWR(contract.siteConfig.path, async () => siteConfigSchema.parse(await api(contract.siteConfig)), { revalidateOnFocus: false });
  return data?.supportEmail;
}
