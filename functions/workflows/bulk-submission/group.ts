import { groupBatch, type RecipientGroup } from '../../services/submissions/batch-claims';
import { traced } from '../../lib/tracer';
import type { BulkGroupInput } from './types';

/**
 * Task BulkGroup (after every item's Map iteration): the cases this batch claimed, grouped by the recipient of
 * their host notice (issue 23: one message per recipient per batch). Its result, at `$.groups`, is the next
 * Map's items: a group holds case ids and attempts only, so a batch of MAX_BULK_IDS stays small.
 */
export async function groupItems(input: BulkGroupInput): Promise<RecipientGroup[]> {
  return groupBatch(input.userId, input.bulkId, input.items.map((i) => i.caseId));
}

export const handler = traced((input: BulkGroupInput) => groupItems(input));
