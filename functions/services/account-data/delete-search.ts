import { FINAL_SEARCH_STATUSES } from '../../../shared/schemas/search';
import { ConflictError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { requireOwned } from '../../lib/ownership';
import * as cases from '../../store/entities/case';
import * as monitors from '../../store/entities/monitor';
import * as results from '../../store/entities/result';
import * as searches from '../../store/entities/search';
import { removedResultCounterDelta } from '../search/review';
import { addToUserCounters } from '../stats';
import { deleteFiles, forgetLibraryFilesUnder, searchPrefixes } from './files';

/*
 * The creator deletes one scan (issue 27): its results, its files (reference uploads, evidence pictures,
 * thumbnails, work files) and the scan itself. Refused, with nothing deleted, while the scan runs (its workflow
 * still writes), when it is the run of a monitor that still exists (a monitor's results are shared by its runs: the
 * monitor is deleted first),
 * and when a case was opened on one of its results (a case is the record of a takedown and keeps its result).
 * The scan's item goes last, so a deletion cut short is finished by asking again.
 */

/** Results read and deleted per page. */
const PAGE = 200;

export interface DeletedSearch {
  results: number;
  files: number;
}

export async function deleteSearch(userId: string, searchId: string): Promise<DeletedSearch> {
  const search = requireOwned(await searches.get(searchId), userId, 'Search');
  if (!(FINAL_SEARCH_STATUSES as readonly string[]).includes(search.status)) {
    throw new ConflictError('This scan is still running. Delete it once it has finished.', 'SCAN_RUNNING');
  }
  // A monitor reads its runs' results (what is new since the last run); once it is deleted, its runs are scans
  // like any other.
  if (search.monitorId && (await monitors.get(search.monitorId))) {
    throw new ConflictError("This scan is a monitor's run, whose results the monitor keeps: delete the monitor first.", 'MONITOR_SCAN');
  }
  const all = await results.listBySearch(searchId, Number.MAX_SAFE_INTEGER);
  const history = await results.readHistory(all.map((r) => r.id));
  const hasCase = async (id: string) => !!history.get(id)?.takedownCaseId || !!(await cases.latestForResult(id));
  const withCase = (await Promise.all(all.map(async (r) => ((await hasCase(r.id)) ? r.id : undefined)))).filter(Boolean);
  if (withCase.length > 0) {
    throw new ConflictError(
      `${withCase.length} result${withCase.length === 1 ? ' of this scan has a case' : 's of this scan have cases'}: a case keeps its result, so the scan cannot be deleted.`,
      'SEARCH_HAS_CASES',
    );
  }
  let removed = 0;
  for (let i = 0; i < all.length; i += PAGE) {
    for (const r of all.slice(i, i + PAGE)) {
      // Conditional: a case opened since the check keeps its result (and then the scan too, below).
      if (!(await results.removeUnlessTakenDown(r.id, userId))) continue;
      removed++;
      await addToUserCounters(userId, removedResultCounterDelta(r.userReviewStatus));
    }
  }
  if (removed < all.length) {
    throw new ConflictError('A case was opened on a result of this scan meanwhile: the scan and that result are kept.', 'SEARCH_HAS_CASES');
  }
  const files = await deleteFiles(searchPrefixes(userId, searchId));
  await forgetLibraryFilesUnder(userId, `references/${userId}/${searchId}/`);
  await searches.remove(searchId, userId);
  logger.info('search deleted', { userId, searchId, results: removed, files });
  return { results: removed, files };
}
