import * as z from 'zod';
import { keys } from '../keys';
import { Cond, GSI1, putItemIf, query, withoutKeys, type Item } from '../table';

/**
 * A copy that came back after its removal (issue 23: the platform-wide "came back" figure), written once each time
 * a resolved case is reopened as `reappeared` (`CASE_RETURN#caseId#at`) and listed on gsi1 (`CASE_RETURNS`, by
 * `at#caseId`), so the admin's figure reads one partition instead of every user's cases. No creator identity: the
 * case id, the host and the two times only.
 */
const CASE_RETURN = 'CASE_RETURN';

const returnRecordSchema = z.object({
  v: z.literal(1).default(1),
  caseId: z.string(),
  host: z.string(),
  /** When the copy had been removed (the case's resolvedAt), if known. */
  removedAt: z.string().optional(),
  /** When it was found back online. */
  at: z.string(),
});
export type CaseReturnRecord = Omit<z.infer<typeof returnRecordSchema>, 'v'>;

export function toItem(r: CaseReturnRecord): Item {
  // A copy can come back more than once (removed again, back again): one record per return.
  return { ...keys.entity(CASE_RETURN, `${r.caseId}#${r.at}`), ...keys.returnListing(`${r.at}#${r.caseId}`), entity: CASE_RETURN, v: 1, ...r };
}

export function fromItem(item: Item): CaseReturnRecord {
  const { v: _v, ...r } = returnRecordSchema.parse(withoutKeys(item));
  return r;
}

/** Writes the record once; false when it exists (a retried reopening). */
export function create(r: CaseReturnRecord): Promise<boolean> {
  return putItemIf(toItem(r), Cond.notExists());
}

/** Returns recorded from `fromIso` on (at most `limit`, oldest first). */
export async function listSince(fromIso: string, limit: number): Promise<CaseReturnRecord[]> {
  const items = await query({ index: GSI1.indexName, partition: keys.returnListingPartition, sortBetween: [fromIso, '9999'], limit });
  return items.map(fromItem);
}
