import { createHash } from 'node:crypto';
import * as z from 'zod';
import { keys } from '../keys';
import { Cond, batchGet, deleteItemIf, getItem, putItemIf, withoutKeys, type Item } from '../table';

/**
 * One case per copy (issue 23): the guard of a user's canonical infringing URL (`USER#id / CASE_URL#sha256`),
 * naming the case that holds it. Every path that makes a case (form, bulk, auto-submit) claims the guards of its
 * URLs with a conditional put before it writes the case, so two concurrent submissions of one URL make one
 * case; DynamoDB Local stand-ins have no transactions, so this is the allowlist's guard-first pattern
 * (docs/ARCHITECTURE.md, "One case per copy"). A guard whose case never got written (its writer died between
 * the two puts) is an orphan, taken over conditionally once it is old enough.
 */
export const CASE_URL = 'CASE_URL';

const guardSchema = z.object({
  v: z.literal(1).default(1),
  userId: z.string(),
  /** The canonical URL (services/search/canonical-url.ts) the guard is about. */
  canonicalUrl: z.string(),
  caseId: z.string(),
  claimedAt: z.string(),
});
export type CaseUrlGuard = Omit<z.infer<typeof guardSchema>, 'v'>;

/** The key part of a canonical URL: its SHA-256, so a 2 KB URL fits a sort key. */
export const urlHash = (canonicalUrl: string) => createHash('sha256').update(canonicalUrl).digest('hex');

const keyOf = (userId: string, canonicalUrl: string) => keys.caseUrl(userId, urlHash(canonicalUrl));

export function toItem(g: CaseUrlGuard): Item {
  return { ...keyOf(g.userId, g.canonicalUrl), entity: CASE_URL, v: 1, ...g };
}

export function fromItem(item: Item): CaseUrlGuard {
  const { v: _v, ...g } = guardSchema.parse(withoutKeys(item));
  return g;
}

/** The guard of one canonical URL of a user, if any (consistent). */
export async function get(userId: string, canonicalUrl: string): Promise<CaseUrlGuard | undefined> {
  const item = await getItem(keyOf(userId, canonicalUrl));
  return item && fromItem(item);
}

/** The guards of many canonical URLs of a user (consistent), by canonical URL. */
export async function getMany(userId: string, canonicalUrls: readonly string[]): Promise<Map<string, CaseUrlGuard>> {
  const unique = [...new Set(canonicalUrls)];
  if (unique.length === 0) return new Map();
  const items = await batchGet(unique.map((u) => keyOf(userId, u)), { consistent: true });
  return new Map(items.map(fromItem).map((g) => [g.canonicalUrl, g]));
}

/** Claims a free URL for a case; false when a guard exists (whoever holds it). */
export function claim(g: CaseUrlGuard): Promise<boolean> {
  return putItemIf(toItem(g), Cond.notExists());
}

/**
 * Takes over a guard still naming `deadCaseId` and claimed before `staleBefore` (an orphan: its case was never
 * written); false when it changed meanwhile, so two rescuers cannot both win.
 */
export function takeOver(g: CaseUrlGuard, deadCaseId: string, staleBefore: string): Promise<boolean> {
  return putItemIf(toItem(g), Cond.and(Cond.eq('caseId', deadCaseId), Cond.lt('claimedAt', staleBefore)));
}

/** Deletes the guard only while it names `caseId` (a case that was not written gives its URLs back). */
export function release(userId: string, canonicalUrl: string, caseId: string): Promise<boolean> {
  return deleteItemIf(keyOf(userId, canonicalUrl), Cond.eq('caseId', caseId));
}
