import { z } from 'zod';
import {
  bulkReviewBodySchema,
  itemIdSchema,
  resultListQuerySchema,
  reviewBodySchema,
  searchResultsQuerySchema,
  userIdParamSchema,
} from '../../../shared/schemas/search';
import { ValidationError } from '../../lib/errors';
import { areaHandler, assertOwner, json, resolveUserParam, userEndpoint } from '../../lib/http';
import { getSearch, toSearchDto } from '../../services/search/searches';
import { getResult, groupResults, listResultsBySearch, listResultsByUser } from '../../services/search/results';
import { recordMilestone } from '../../services/metrics';
import { reviewResult as review } from '../../services/search/review';
import { clearReview as undoReview, reviewResults as reviewMany } from '../../services/search/bulk-review';
import { getUserStats } from '../../services/stats';
import { presentResult, presentResults } from './present';

/*
 * Reading and reviewing scan results (SPEC section 7). `/api/user/{id}/...` resolves through
 * resolveUserParam (me, own id, or admin); items read by id go through assertOwner (others get 404).
 */

const searchParams = z.object({ id: itemIdSchema('Search') });
const resultParams = z.object({ id: itemIdSchema('Search result') });
const userParams = z.object({ id: userIdParamSchema });

const getSearchEndpoint = userEndpoint({ params: searchParams }, async ({ params, caller }) => {
  const search = assertOwner(caller, await getSearch(params.id), 'Search');
  return json(toSearchDto(search));
});

const searchResults = userEndpoint({ params: searchParams, query: searchResultsQuerySchema }, async ({ params, query, caller }) => {
  assertOwner(caller, await getSearch(params.id), 'Search');
  return json(await presentResults(await listResultsBySearch(params.id, query.limit)));
});

const getResultEndpoint = userEndpoint({ params: resultParams }, async ({ params, caller }) => {
  const result = assertOwner(caller, await getResult(params.id), 'Search result');
  return json(await presentResult(result, { withScreenshot: true }));
});

async function userResultList(userId: string, query: z.infer<typeof resultListQuerySchema>) {
  const results = await listResultsByUser(userId, query);
  if (!results) {
    throw new ValidationError('before must be one of your result ids.', [
      { path: 'query.before', message: 'before must be one of your result ids.' },
    ]);
  }
  return presentResults(results);
}

const userResults = userEndpoint({ params: userParams, query: resultListQuerySchema }, async ({ params, query, caller }) =>
  json(await userResultList(resolveUserParam(caller, params.id), query)),
);

const userResultsGrouped = userEndpoint(
  { params: userParams, query: resultListQuerySchema },
  async ({ params, query, caller }) => json(groupResults(await userResultList(resolveUserParam(caller, params.id), query))),
);

const userStats = userEndpoint({ params: userParams }, async ({ params, caller }) =>
  json(await getUserStats(resolveUserParam(caller, params.id))),
);

/** Owner only: an admin may read others' results but never marks them for them. */
const reviewResult = userEndpoint({ params: resultParams, body: reviewBodySchema }, async ({ params, body, caller }) => {
  const reviewed = await review(caller.userId, params.id, body.status);
  await recordMilestone(caller.userId, 'reviewed');
  return json(await presentResult(reviewed));
});

/** The review queue's undo: the result is pending review again (owner only). */
const clearReview = userEndpoint({ params: resultParams }, async ({ params, caller }) =>
  json(await presentResult(await undoReview(caller.userId, params.id))),
);

/** Bulk decisions from the list view: every id must be the caller's, or nothing changes. */
const reviewResults = userEndpoint({ body: bulkReviewBodySchema }, async ({ body, caller }) => {
  const reviewed = await reviewMany(caller.userId, body.ids, body.status);
  await recordMilestone(caller.userId, 'reviewed');
  return json({ updated: reviewed.length, results: await presentResults(reviewed) });
});

export const handler = areaHandler('results', {
  getSearch: getSearchEndpoint,
  searchResults,
  getResult: getResultEndpoint,
  userResults,
  userResultsGrouped,
  userStats,
  reviewResult,
  clearReview,
  reviewResults,
});
