import * as z from 'zod';
import { keys } from '../keys';
import { Cond, getItem, putItemIf, withoutKeys, type Item } from '../table';

/**
 * The creator's own sites and handles ("My sites", issue 23), one item per user (`USER#id / OWN_SITES`), at most
 * a few dozen entries. Rewritten whole, conditionally on the revision read, so two concurrent edits never lose
 * one another's change (the loser is told to try again).
 */
export const OWN_SITES = 'OWN_SITES';

const siteSchema = z.object({
  /** `site`: a whole domain and its subdomains; `handle`: one account's pages on a shared platform (a URL prefix). */
  kind: z.enum(['site', 'handle']),
  /** A domain (`example.com`) for a site; a canonical URL prefix without scheme (`instagram.com/jane`) for a handle. */
  value: z.string(),
  addedAt: z.string(),
});
export type OwnSite = z.infer<typeof siteSchema>;

const itemSchema = z.object({
  v: z.literal(1).default(1),
  userId: z.string(),
  sites: z.array(siteSchema),
  rev: z.number().int().nonnegative(),
  updatedAt: z.string(),
});
export type OwnSitesRecord = Omit<z.infer<typeof itemSchema>, 'v'>;

export function toItem(r: OwnSitesRecord): Item {
  return { ...keys.ownSites(r.userId), entity: OWN_SITES, v: 1, ...r };
}

export function fromItem(item: Item): OwnSitesRecord {
  const { v: _v, ...r } = itemSchema.parse(withoutKeys(item));
  return r;
}

/** A user's own sites (an empty list, revision 0, when none were declared). */
export async function get(userId: string): Promise<OwnSitesRecord> {
  const item = await getItem(keys.ownSites(userId));
  return item ? fromItem(item) : { userId, sites: [], rev: 0, updatedAt: '' };
}

/** Writes the list as revision `rev + 1` if the stored revision is still `rev` (absent for 0); false otherwise. */
export function replace(userId: string, sites: OwnSite[], rev: number, at: string): Promise<boolean> {
  return putItemIf(toItem({ userId, sites, rev: rev + 1, updatedAt: at }), rev === 0 ? Cond.notExists() : Cond.eq('rev', rev));
}
