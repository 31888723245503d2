import { countDynamoOperations, type DynamoOperationCounter } from '../../functions/store/operation-counter';
import { ROUTES, routeKey } from '../../shared/contract';
import { isCostlyRoute } from '../../functions/services/platform/rate-limits';
import { PARAMS, QUERIES } from './catalogue';
import { startWorld, type World } from './seed';

/*
 * No GET route writes to the table (ARCHITECTURE.md, "Request metrics and tracing"): every GET of the route
 * table, called through the real runtime and handler chain by the owner and by an admin on the owner's seeded
 * data, makes zero DynamoDB writes, counted by the same middleware bench:api uses on the functions' client.
 * A GET that must write is listed here with its reason (and in ARCHITECTURE.md). A costly GET (a report rendered)
 * makes exactly one write for a signed-in caller: the token it takes from the caller's rate bucket (issue 26,
 * services/platform/rate-limits.ts).
 */
const WRITING_GETS: Record<string, string> = {
  'GET /api/login': 'starts a sign-in: stores the attempt (state, PKCE verifier) the callback checks, and counts the funnel visit',
  'GET /api/auth/callback': 'ends a sign-in: consumes the attempt, creates the session (and the user on a first sign-in)',
  'GET /api/user/{id}/references':
    "the first read of a creator's library brings in the files uploaded before the library existed, once, and marks that done (services/library-backfill.ts; reference-library.test.ts shows a second read writes nothing)",
};

let world: World;
let counter: DynamoOperationCounter;
beforeAll(async () => {
  world = await startWorld();
  counter = countDynamoOperations();
}, 60_000);
afterAll(async () => {
  counter?.stop();
  await world?.app.close();
});

const gets = ROUTES.filter((r) => r.method === 'GET' && !(routeKey(r) in WRITING_GETS));

describe('GET routes write nothing', () => {
  it('lists only GET routes of the table as writing', () => {
    for (const key of Object.keys(WRITING_GETS)) expect(gets.map(routeKey).concat(Object.keys(WRITING_GETS))).toContain(key);
    expect(ROUTES.map(routeKey)).toEqual(expect.arrayContaining(Object.keys(WRITING_GETS)));
  });

  it.each(gets.map((r) => [routeKey(r), r] as const))('%s', async (_key, route) => {
    const { seed, roles } = world;
    const param = PARAMS.find((p) => p.match.test(route.path));
    const path = param ? route.path.replace(/\{\w+\+?\}/, param.value(seed)) : route.path;
    const query = QUERIES[routeKey(route)]?.(seed) ?? '';
    const calls: string[] = [];
    for (const role of [roles.owner, roles.admin, roles.anonymous]) {
      counter.reset();
      const res = await role.browser.request(`${path}${query}`);
      const reads = counter.reads();
      // The rate bucket's token, taken once the caller passed the route's auth rule.
      const bucket = isCostlyRoute(route.name) && role.name !== 'anonymous' && res.status !== 401 && res.status !== 403 ? 1 : 0;
      calls.push(`${role.name}: ${res.status}, ${counter.writes() - bucket} writes (${[...counter.byCommand].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'})`);
      expect(res.status).toBeLessThan(500);
      // The owner's and the admin's calls reach the data (a call that read nothing would prove nothing).
      if (role.name !== 'anonymous' && route.auth !== 'public' && res.status < 400) expect(reads).toBeGreaterThan(0);
    }
    expect(calls.filter((c) => !c.includes(', 0 writes'))).toEqual([]);
  });
});
