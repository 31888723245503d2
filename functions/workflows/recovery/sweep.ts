import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../store/table';
import { keys, type DueKind, type Key } from '../../store/keys';
import { isConditionFailure } from '../../store/table';
import { GSI3 } from '../../store/table';
import { logger } from '../../lib/logger';
import { endOverdueSubmission } from '../../services/cases/case-store';
import { finishSearch } from '../../services/search/searches';
import { endStoppedBulk } from './bulk';
import { ENDED_REASONS } from './execution-ended';

/** Items one reconciler run sweeps per kind at most (the next run, 15 minutes later, takes the rest). */
export const SWEEP_LIMIT = 200;

type Item = Record<string, unknown>;

/** The open scans or submissions whose sweep time has passed, oldest first: a Query on gsi3 (never a Scan). */
async function overdue(kind: Extract<DueKind, 'SEARCH_SWEEP' | 'SUBMISSION_SWEEP' | 'BULK_SUBMISSION_SWEEP'>, now: string, limit: number): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: GSI3.indexName,
        KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk <= :now',
        ExpressionAttributeValues: { ':pk': keys.duePartition(kind), ':now': `${now}#~` },
        Limit: limit - items.length,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((page.Items ?? []) as Item[]));
    start = page.LastEvaluatedKey as Item | undefined;
  } while (start && items.length < limit);
  return items;
}

/** Takes an item out of the sweep index if it is still the entry read (it ended without removing it). */
async function leaveSweep(key: Key, sweepSk: string): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'REMOVE gsi3pk, gsi3sk',
        ConditionExpression: 'gsi3sk = :sk',
        ExpressionAttributeValues: { ':sk': sweepSk },
      }),
    )
    .catch((err) => {
      if (!isConditionFailure(err)) throw err;
    });
}

/**
 * The reconciler's second half: scans and automated submissions still open past their workflow's timeout
 * (plus one reconciler period; functions/lib/workflow-timeouts.ts) are ended with the "took too long" reason,
 * whatever happened to their execution (never started, stopped without a status event, an event lost). An
 * open search or case attempt carries a `SEARCH_SWEEP_DUE` / `SUBMISSION_SWEEP_DUE` entry on gsi3 until it
 * ends, so this is one Query per kind, bounded. Every write is conditional on the item still being open.
 * A bulk submission execution still running past its timeout (`BULK_SUBMISSION_SWEEP_DUE`) gives back the
 * units of the items it never reached and ends their progress (./bulk.ts), as the status rule would.
 */
export async function sweepOverdue(now = new Date()): Promise<{ searches: number; submissions: number; bulks: number }> {
  const at = now.toISOString();
  let searches = 0;
  for (const item of await overdue('SEARCH_SWEEP', at, SWEEP_LIMIT)) {
    const id = item.id as string;
    const open = item.status === 'running' || item.status === 'pending';
    const { finished } = open
      ? await finishSearch(id, { status: 'failed', successfulEngines: [], failedEngines: (item.searchEngines as string[]) ?? [], error: ENDED_REASONS.TIMED_OUT.search })
      : { finished: false };
    if (finished) searches++;
    else await leaveSweep(keys.entity('SEARCH', id), item.gsi3sk as string);
  }
  let submissions = 0;
  for (const item of await overdue('SUBMISSION_SWEEP', at, SWEEP_LIMIT)) {
    const id = item.id as string;
    if (await endOverdueSubmission(id, Number(item.submissionAttempt), item.gsi3sk as string, ENDED_REASONS.TIMED_OUT.submission, at)) submissions++;
    else await leaveSweep(keys.entity('CASE', id), item.gsi3sk as string);
  }
  let bulks = 0;
  for (const item of await overdue('BULK_SUBMISSION_SWEEP', at, SWEEP_LIMIT)) {
    const id = item.id as string;
    // Its record ends (out of the index) whatever the items were; a record that ended meanwhile just leaves.
    if ((await endStoppedBulk(id, ENDED_REASONS.TIMED_OUT.bulk, now)).ended) bulks++;
    else await leaveSweep(keys.entity('BULK', id), item.gsi3sk as string);
  }
  if (searches || submissions || bulks) logger.warn('ended work open past its workflow timeout', { searches, submissions, bulks });
  return { searches, submissions, bulks };
}
