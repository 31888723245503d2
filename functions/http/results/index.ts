import { ValidationError } from '../../lib/errors';
import { contract, type QueryOf } from '../../../shared/contract';
import { areaHandler, assertOwner, json, resolveUserParam, userEndpoint } from '../chain';
import { getSearch, listSearchesByUser, toSearchDto } from '../../services/search/searches';
import { getResult, groupResults, listResultsBySearch, listResultsByUser } from '../../services/search/results';
import { reviewResult as review } from '../../services/search/review';
import { clearReview as undoReview, reviewResults as reviewMany } from '../../services/search/bulk-review';
import { getUserStats } from '../../services/stats';
import { presentResult, presentResults } from './present';

/*
 * Reading and reviewing scan results (PRODUCT.md section 7). `/api/user/{id}/...` resolves through
 * resolveUserParam (me, own id, or admin); items read by id go through assertOwner (others get 404).
 */

const getSearchEndpoint = userEndpoint(contract.getSearch, async ({ params, caller }) => {
  const search = assertOwner(caller, await getSearch(params.id), 'Search');
  return json(toSearchDto(search));
});

const searchResults = userEndpoint(contract.searchResults, async ({ params, query, caller }) => {
  assertOwner(caller, await getSearch(params.id), 'Search');
  return json(await presentResults(await listResultsBySearch(params.id, query.limit)));
});

const getResultEndpoint = userEndpoint(contract.getResult, async ({ params, caller }) => {
  const result = assertOwner(caller, await getResult(params.id), 'Search result');
  return json(await presentResult(result, { withScreenshot: true }));
});

async function userResultList(userId: string, query: QueryOf<typeof contract.userResults>) {
  const results = await listResultsByUser(userId, query);
  if (!results) {
    throw new ValidationError('before must be one of your result ids.', [
      { path: 'query.before', message: 'before must be one of your result ids.' },
    ]);
  }
  return presentResults(results);
}

const userResults = userEndpoint(contract.userResults, async ({ params, query, caller }) =>
  json(await userResultList(resolveUserParam(caller, params.id), query)),
);

const userResultsGrouped = userEndpoint(contract.userResultsGrouped, async ({ params, query, caller }) => json(groupResults(await userResultList(resolveUserParam(caller, params.id), query))),
);

const latestSearch = userEndpoint(contract.latestSearch, async ({ params, caller }) => {
  const [newest] = await listSearchesByUser(resolveUserParam(caller, params.id), 1);
  return json({ search: newest ? toSearchDto(newest) : null });
});

const userStats = userEndpoint(contract.userStats, async ({ params, caller }) =>
  json(await getUserStats(resolveUserParam(caller, params.id))),
);

/** Owner only: an admin may read others' results but never marks them for them. */
const reviewResult = userEndpoint(contract.reviewResult, async ({ params, body, caller }) => {
  const reviewed = await review(caller.userId, params.id, body.status);
  return json(await presentResult(reviewed));
});

/** The review queue's undo: the result is pending review again (owner only). */
const clearReview = userEndpoint(contract.clearReview, async ({ params, caller }) =>
  json(await presentResult(await undoReview(caller.userId, params.id))),
);

/** Bulk decisions from the list view: every id must be the caller's, or nothing changes. */
const reviewResults = userEndpoint(contract.reviewResults, async ({ body, caller }) => {
  const reviewed = await reviewMany(caller.userId, body.ids, body.status);
  return json({ updated: reviewed.length, results: await presentResults(reviewed) });
});

export const handler = areaHandler('results', [
  getSearchEndpoint,
  searchResults,
  getResultEndpoint,
  userResults,
  userResultsGrouped,
  userStats,
  latestSearch,
  reviewResult,
  clearReview,
  reviewResults,
]);
