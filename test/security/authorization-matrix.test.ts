import { ROUTES, routeKey, type RouteDef } from '../../shared/contract';
import { BODIES, json, PARAMS, QUERIES, UNCOVERABLE } from './catalogue';
import { startWorld, type Role, type World } from './seed';

/*
 * Authorization matrix, generated from the route table: every route x {anonymous, owner, another user, admin}
 * against the owner's seeded search, result, case and allowlist entry. The expected outcome is computed from the
 * route's auth rule and from whether its path names the owner's data; any 5xx, any wrong verdict and any of
 * the owner's data in a response to someone else fails. A new route is covered the day it lands: a path
 * parameter the suite cannot fill fails the suite until it is added to PARAMS (or to UNCOVERABLE with a reason).
 */

type Verdict = 'any' | 'unauthenticated' | 'forbidden' | 'allowed' | 'refused' | 'no-leak';

/** The expected outcome of one call, from the route's auth rule and what it names. */
export function expectedVerdict(route: RouteDef, role: Role['name'], names: 'path' | 'body' | 'none'): Verdict {
  if (route.auth === 'public') return 'any';
  if (role === 'anonymous') return 'unauthenticated';
  if (route.auth === 'admin') return role === 'admin' ? 'allowed' : 'forbidden';
  // The agent console (issue 23): the company's agents and administrators; no creator.
  if (route.auth === 'agent') return role === 'admin' ? 'allowed' : 'forbidden';
  if (role === 'owner') return 'allowed';
  // Another user never reaches the owner's data, whether the path or the body names it.
  if (role === 'other') return names === 'none' ? 'no-leak' : 'refused';
  // An admin may read and manage a user's data by path, except what the route table marks "owner only"; routes
  // that take ids in the body act on the caller's own data, so the owner's ids are simply not found.
  if (names === 'path') return /owner only/i.test(route.summary) ? 'refused' : 'allowed';
  return 'no-leak';
}

let world: World;
beforeAll(async () => {
  world = await startWorld();
}, 60_000);
// Closing stops the submission executions the calls started at their re-check Wait (local/stand-ins/stepfunctions.ts).
afterAll(() => world?.app.close(), 30_000);

const covered = ROUTES.filter((r) => !(routeKey(r) in UNCOVERABLE));
// Calls that end sessions run last, and the owner's before the admin's, so every role stays signed in meanwhile.
// Deletions after every other call on the same items, and "sign out of all devices" last of all.
const lateness = (r: RouteDef) => (r.path.endsWith('/sessions') ? 2 : r.method === 'DELETE' ? 1 : 0);
const ordered = [...covered].sort((a, b) => lateness(a) - lateness(b));

describe('authorization matrix', () => {
  it('knows how to call every route (or says why not)', () => {
    for (const r of covered) {
      for (const [, name] of r.path.matchAll(/\{(\w+)\+?\}/g)) {
        const known = PARAMS.some((p) => p.match.test(r.path));
        if (!known) throw new Error(`${routeKey(r)}: parameter ${name} is not in PARAMS; add it (or list the route in UNCOVERABLE)`);
      }
    }
    for (const key of Object.keys(UNCOVERABLE)) expect(ROUTES.map(routeKey)).toContain(key);
  });

  const roleOrder = (r: RouteDef): Role['name'][] =>
    r.method === 'DELETE' ? ['anonymous', 'other', 'owner', 'admin'] : ['anonymous', 'other', 'admin', 'owner'];

  it.each(ordered.map((r) => [routeKey(r), r] as const))('%s', async (_key, route) => {
    const { seed, roles, app } = world;
    const param = PARAMS.find((p) => p.match.test(route.path));
    let path = route.path;
    if (param) path = path.replace(/\{\w+\+?\}/, param.value(seed));
    const query = QUERIES[routeKey(route)]?.(seed) ?? '';
    const payload = BODIES[routeKey(route)]?.(seed) ?? (route.method === 'GET' ? undefined : json({}, false));
    const names = param?.ownerBound ? 'path' : payload?.ownerBound || QUERIES[routeKey(route)] ? 'body' : 'none';
    const failures: string[] = [];

    for (const roleName of roleOrder(route)) {
      const role = roles[roleName];
      const res = await role.browser.request(`${path}${query}`, {
        method: route.method,
        headers: { origin: app.url, ...(payload ? { 'content-type': payload.type } : {}) },
        body: payload?.body,
      });
      const verdict = expectedVerdict(route, roleName, names);
      const where = `${roleName}: ${res.status} ${res.body.slice(0, 160)}`;
      if (res.status >= 500) failures.push(`5xx for ${where}`);
      const ok = {
        any: true,
        unauthenticated: res.status === 401,
        forbidden: res.status === 403,
        allowed: ![401, 403, 404].includes(res.status),
        refused: res.status === 403 || res.status === 404,
        'no-leak': res.status !== 401,
      }[verdict];
      if (!ok) failures.push(`expected ${verdict} for ${where}`);
      if (roleName === 'other' || roleName === 'anonymous') {
        // An id the caller sent may be echoed in a refusal ("Case X not found"); anything else is a leak.
        const sent = `${path}${query}${payload?.body ?? ''}`;
        const leaked = seed.secrets.filter((s) => !sent.includes(s) && (res.body.includes(s) || JSON.stringify([...res.headers]).includes(s)));
        if (leaked.length) failures.push(`${roleName} saw the owner's ${leaked.join(', ')}: ${res.body.slice(0, 200)}`);
      }
      if (res.status >= 400 && res.headers.get('content-type')?.includes('application/json')) {
        const body = JSON.parse(res.body) as { error?: unknown; code?: unknown };
        if (typeof body.error !== 'string' || typeof body.code !== 'string') failures.push(`refusal without {error, code} for ${where}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
