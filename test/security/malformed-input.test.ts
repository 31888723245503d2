import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { db, tableName } from '../../functions/store/table';
import { ROUTES, routeKey, type RouteDef } from '../../shared/contract';
import { setRateLimits } from '../../functions/services/platform/rate-limits';
import { BODIES, PARAMS, UNCOVERABLE } from './catalogue';
import { startWorld, type World } from './seed';

/*
 * Malformed input, generated per route of the table and sent by the signed-in owner (so validation, not the
 * session check, answers): bad and invalid-UTF-8 JSON, wrong media types, deep nesting, huge strings, random
 * JSON values (fast-check), admin routes sent by the admin, each field of the route's example body dropped, retyped or oversized, an extra
 * field, ids that are not ids and path traversal in every path parameter. Properties: no 5xx, every JSON
 * refusal is `{error, code, fields?}`, and a refused request stores nothing.
 */

let world: World;
beforeAll(async () => {
  world = await startWorld();
  // Hundreds of refused requests from one user in a few minutes: lift the per-user bucket of costly routes, so
  // every variant reaches its route's own checks (the limit itself: functions/http/admin/tests/platform-routes.test.ts).
  const lifted = { perMinute: 10_000, burst: 10_000 };
  await setRateLimits({ userId: 'security-suite', email: 'security-suite@example.test' }, { trial: lifted, basic: lifted, pro: lifted, enterprise: lifted });
}, 60_000);
// Closing stops the submission executions the calls started at their re-check Wait (local/stand-ins/stepfunctions.ts).
afterAll(() => world?.app.close(), 30_000);

/** Items that are data (request accounting, rate windows and sessions are not). */
async function dataItems(): Promise<Set<string>> {
  const out = new Set<string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start, ProjectionExpression: 'pk, sk' }));
    // Bookkeeping a refused request may write: counters, rate windows and token buckets (in the user's partition,
    // sk `RATE#...`), sessions, sign-ins, visits. And what no request writes but the runtime's own jobs may, at any
    // moment of the suite: the monitor dispatcher's migration record (`MIGRATION#...`, on its first tick).
    for (const i of page.Items ?? []) if (!/^(COUNTER|RATE|SESSION|SIGNIN|VISIT|MIGRATION)#/.test(String(i.pk)) && !/^RATE#/.test(String(i.sk))) out.add(`${i.pk}|${i.sk}`);
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

const BAD_IDS = ['..%2F..%2Fetc%2Fpasswd', '..', '%00', 'A'.repeat(3000), '%3Cscript%3E', "'%20OR%201%3D1", '%F0%9F%92%A9', '-1', 'null'];
const HUGE = 'x'.repeat(200_000);
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

interface Variant {
  label: string;
  path?: string;
  body?: string | Buffer;
  type?: string;
}

/** Wrong-typed values for a field (fast-check): anything but a plausible value of the example's type. */
const wrongValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.string({ maxLength: 20 }),
);

function variantsFor(route: RouteDef, path: string, example: Record<string, unknown> | undefined): Variant[] {
  const variants: Variant[] = [];
  const params = [...route.path.matchAll(/\{(\w+)\+?\}/g)];
  for (const bad of BAD_IDS) {
    if (params.length) variants.push({ label: `path ${bad.slice(0, 20)}`, path: route.path.replace(/\{\w+\+?\}/g, bad) });
  }
  if (route.method === 'GET') {
    variants.push({ label: 'odd query', path: `${path}?limit=-5&before=%00&caseIds=..&period=${'z'.repeat(5000)}&limit=abc` });
    return variants;
  }
  const jsonV = (label: string, body: string | Buffer, type = 'application/json') => variants.push({ label, body, type });
  if (!route.body && route.bodyKind !== 'raw') {
    // A route that takes no body ignores one; a single hostile body shows it (each call does the route's work).
    jsonV('unexpected body', deep(20_000));
    return variants;
  }
  jsonV('bad JSON', '{"a":');
  jsonV('invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d]));
  jsonV('text/plain', example ? JSON.stringify(example) : '{}', 'text/plain');
  jsonV('form-encoded', 'a=1&b=2', 'application/x-www-form-urlencoded');
  jsonV('deep nesting', deep(20_000));
  jsonV('huge string', JSON.stringify({ value: HUGE }));
  jsonV('empty', '');
  jsonV('array', '[]');
  for (const value of fc.sample(fc.jsonValue({ maxDepth: 4 }), { numRuns: 12, seed: 12 })) jsonV('random JSON', JSON.stringify(value));
  // Fields come from the contract row's zod body schema (its object shape), with the example's valid values.
  const shape = (route.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  const fields = [...new Set([...Object.keys(shape ?? {}), ...Object.keys(example ?? {})])];
  if (shape && !example) {
    for (const key of fields) {
      for (const wrong of fc.sample(wrongValue, { numRuns: 3, seed: key.length })) jsonV(`${key} alone = ${JSON.stringify(wrong).slice(0, 20)}`, JSON.stringify({ [key]: wrong }));
    }
  }
  if (example) {
    for (const key of fields) {
      const { [key]: _dropped, ...rest } = example;
      jsonV(`missing ${key}`, JSON.stringify(rest));
      jsonV(`huge ${key}`, JSON.stringify({ ...example, [key]: HUGE }));
      for (const wrong of fc.sample(wrongValue, { numRuns: 4, seed: key.length })) {
        jsonV(`${key} = ${JSON.stringify(wrong).slice(0, 20)}`, JSON.stringify({ ...example, [key]: wrong }));
      }
    }
    jsonV('extra field', JSON.stringify({ ...example, isAdmin: true, userId: 'someone-else', __proto__: { polluted: true } }));
  }
  return variants;
}

// DELETE /api/user/{id}/sessions is left out: with the owner's id it would sign the owner out mid-suite (its
// refusals are tested in identity.test.ts).
const covered = ROUTES.filter((r) => !(routeKey(r) in UNCOVERABLE) && !r.path.endsWith('/sessions'));
const counts: Record<string, number> = {};

describe('malformed input', () => {
  it.each(covered.map((r) => [routeKey(r), r] as const))('%s', async (key, route) => {
    const { seed, roles, app } = world;
    const param = PARAMS.find((p) => p.match.test(route.path));
    const path = param ? route.path.replace(/\{\w+\+?\}/, param.value(seed)) : route.path;
    const exampleSpec = BODIES[key]?.(seed);
    const example = exampleSpec?.type === 'application/json' ? (JSON.parse(exampleSpec.body) as Record<string, unknown>) : undefined;
    const variants = variantsFor(route, path, example);
    if (key === 'POST /api/search') {
      const boundary = 'b';
      const file = (name: string, type: string, bytes: Buffer) =>
        Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="query"\r\n\r\nSomeone\r\n--${boundary}\r\nContent-Disposition: form-data; name="referenceFiles"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
      const type = `multipart/form-data; boundary=${boundary}`;
      variants.push({ label: 'HTML as an image', body: file('a.jpg', 'image/jpeg', Buffer.from('<html><script>1</script>')), type });
      variants.push({ label: 'SVG upload', body: file('a.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), type });
      variants.push({ label: 'oversized upload', body: file('a.jpg', 'image/jpeg', Buffer.alloc(11 * 1024 * 1024, 1)), type });
      variants.push({ label: 'traversal file name', body: file('../../etc/passwd', 'image/png', Buffer.from([0x89, 0x50])), type });
      variants.push({ label: 'truncated multipart', body: `--${boundary}\r\nContent-Disposition: form-data; name="query"\r\n\r\nx`, type });
    }
    counts[key] = variants.length;

    const before = await dataItems();
    const failures: string[] = [];
    let anyAccepted = false;
    for (const v of variants) {
      const res = await fetch(`${app.url}${v.path ?? path}`, {
        method: route.method,
        headers: {
          origin: app.url,
          cookie: (await (route.auth === 'admin' ? roles.admin : roles.owner).browser.jar.getCookieString(app.url)) ?? '',
          ...(v.type ? { 'content-type': v.type } : {}),
        },
        body: route.method === 'GET' ? undefined : v.body === undefined ? undefined : new Uint8Array(Buffer.from(v.body)),
        redirect: 'manual',
      });
      const text = await res.text();
      if (res.status >= 500) failures.push(`${v.label}: ${res.status} ${text.slice(0, 120)}`);
      if (res.status < 400) anyAccepted = true;
      if (res.status >= 400 && res.headers.get('content-type')?.includes('application/json')) {
        const body = JSON.parse(text) as { error?: unknown; code?: unknown; fields?: unknown };
        const shaped =
          typeof body.error === 'string' &&
          typeof body.code === 'string' &&
          (body.fields === undefined || (Array.isArray(body.fields) && body.fields.every((f) => typeof f?.path === 'string' && typeof f?.message === 'string')));
        if (!shaped) failures.push(`${v.label}: refusal not {error, code, fields?}: ${text.slice(0, 120)}`);
      }
    }
    if (!anyAccepted) {
      const after = await dataItems();
      const added = [...after].filter((k) => !before.has(k));
      if (added.length) failures.push(`refused requests stored ${added.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });

  afterAll(() => {
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    // The README quotes these figures.
    console.log(`malformed input: ${Object.keys(counts).length} routes, ${total} generated requests`);
  });
});
