import useSWR from 'swr';
import { allowlistListSchema, type AllowlistEntry } from '@shared/schemas/allowlist';
import { api } from '@/lib/api-client';

/** `GET /api/user/me/allowlist`: the creator's allowlisted domains, newest first. */
export const ALLOWLIST_KEY = '/api/user/me/allowlist';

/** Reads the creator's allowlist. */
export async function getAllowlist(): Promise<AllowlistEntry[]> {
  return allowlistListSchema.parse(await api.get<unknown>(ALLOWLIST_KEY));
}

/** The creator's allowlist. */
export function useAllowlist() {
  return useSWR(ALLOWLIST_KEY, getAllowlist);
}
