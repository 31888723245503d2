import * as z from 'zod';
import { CASE_OUTCOMES, LADDER_STEPS } from '../../../shared/schemas/cases';
import { keys } from '../keys';
import { Cond, GSI1, putItemIf, query, withoutKeys, type Item } from '../table';

/**
 * A case's outcome as a small platform-wide record (issue 23: the admin's outcome figures), written once each time
 * the case ends (`CASE_OUTCOME#caseId#at`) and listed on gsi1 (`CASE_OUTCOMES`, by `at#caseId`), so the figures read
 * one partition instead of every user's cases. No creator identity beyond the owner id.
 */
const CASE_OUTCOME = 'CASE_OUTCOME';

const outcomeRecordSchema = z.object({
  v: z.literal(1).default(1),
  caseId: z.string(),
  userId: z.string(),
  host: z.string(),
  kind: z.enum(CASE_OUTCOMES),
  step: z.enum(LADDER_STEPS).optional(),
  /** Ladder steps whose notice or request went out before the outcome. */
  stepsClimbed: z.number().int().nonnegative(),
  sentAt: z.string().optional(),
  at: z.string(),
});
export type CaseOutcomeRecord = Omit<z.infer<typeof outcomeRecordSchema>, 'v'>;

export function toItem(r: CaseOutcomeRecord): Item {
  // A case can end more than once (a copy that came back climbs again): one record per ending.
  return { ...keys.entity(CASE_OUTCOME, `${r.caseId}#${r.at}`), ...keys.outcomeListing(`${r.at}#${r.caseId}`), entity: CASE_OUTCOME, v: 1, ...r };
}

export function fromItem(item: Item): CaseOutcomeRecord {
  const { v: _v, ...r } = outcomeRecordSchema.parse(withoutKeys(item));
  return r;
}

/** Writes the record once; false when it exists (a retried task). */
export function create(r: CaseOutcomeRecord): Promise<boolean> {
  return putItemIf(toItem(r), Cond.notExists());
}

/** Outcomes recorded from `fromIso` on (at most `limit`, oldest first). */
export async function listSince(fromIso: string, limit: number): Promise<CaseOutcomeRecord[]> {
  const items = await query({ index: GSI1.indexName, partition: keys.outcomeListingPartition, sortBetween: [fromIso, '9999'], limit });
  return items.map(fromItem);
}
