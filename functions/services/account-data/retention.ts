import { deleteObject, parseStorageRef } from '../../adapters/s3';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import * as cases from '../../store/entities/case';
import * as profiles from '../../store/entities/profile';
import * as results from '../../store/entities/result';
import type { ResultRecord } from '../../store/entities/result';
import * as searches from '../../store/entities/search';
import { removedResultCounterDelta, sumCounterDeltas } from '../search/review';
import { addToUserCounters } from '../stats';

/**
 * Result retention (issue 27): results older than RESULT_RETENTION_DAYS are removed, with the evidence pictures
 * they point to, unless a case was opened on them (a case is the creator's record of a takedown and keeps its
 * result). Scans, cases and notices stay. A daily job (functions/jobs/result-retention.ts) walks the users
 * (their listing on gsi1) and each user's results older than the cutoff (their own listing is time-ordered),
 * so it reads only what it removes, never the whole table. 0 days keeps results forever. The counters the removed
 * results fed move with them (`uncount`).
 */
export interface RetentionRun {
  cutoff?: string;
  users: number;
  removed: number;
  kept: number;
  files: number;
}

const PAGE = 100;

export async function removeExpiredResults(now = new Date(), opts: { retentionDays?: number } = {}): Promise<RetentionRun> {
  const days = opts.retentionDays ?? config().resultRetentionDays;
  const run: RetentionRun = { users: 0, removed: 0, kept: 0, files: 0 };
  if (days <= 0) return run;
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  run.cutoff = cutoff;
  let after: string | undefined;
  do {
    const page = await profiles.listNewest({ limit: PAGE, after });
    for (const p of page.profiles) {
      run.users++;
      await removeForUser(p.id, cutoff, run);
    }
    after = page.last;
  } while (after);
  logger.info('result retention', { ...run });
  return run;
}

/**
 * The counters the removed results fed: the owner's review counters (undecided ones were pending review, ones marked
 * unauthorized active violations; services/search/review.ts) and each scan's `resultCount`, so the stats, the
 * dashboard and the scan's "N results" agree with what is still stored. Once per page, not per result.
 */
async function uncount(userId: string, removed: readonly ResultRecord[]): Promise<void> {
  if (removed.length === 0) return;
  await addToUserCounters(userId, sumCounterDeltas(removed.map((r) => removedResultCounterDelta(r.userReviewStatus))));
  const perSearch = new Map<string, number>();
  for (const r of removed) perSearch.set(r.searchId, (perSearch.get(r.searchId) ?? 0) + 1);
  for (const [searchId, n] of perSearch) await searches.uncountResults(searchId, n);
}

async function removeForUser(userId: string, cutoff: string, run: RetentionRun): Promise<void> {
  // Newest first below the cutoff, page by page from the last result read (kept ones are not read again).
  let below = `${cutoff}~`;
  for (;;) {
    const old = await results.listByOwner(userId, { limit: PAGE, below });
    if (old.length === 0) return;
    const removed: ResultRecord[] = [];
    for (const r of old) {
      if ((await cases.latestForResult(r.id)) || !(await results.removeUnlessTakenDown(r.id, userId))) {
        run.kept++;
        continue;
      }
      run.removed++;
      removed.push(r);
      for (const ref of [r.previewRef, r.screenshotRef]) {
        const where = parseStorageRef(ref, config().uploadsBucket);
        // Only the creator's own evidence copies; a preview that is a web URL is not ours to delete.
        if (where?.kind === 's3' && where.key.startsWith(`evidence/${userId}/`)) {
          await deleteObject(where.bucket, where.key);
          run.files++;
        }
      }
    }
    await uncount(userId, removed);
    if (old.length < PAGE) return;
    const last = old[old.length - 1]!;
    below = results.listSort(last.createdAt, last.confidence, last.id);
  }
}
