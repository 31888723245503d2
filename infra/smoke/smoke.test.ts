import { apiEndpointOf, smokeTest } from './smoke';

/** A fake fetch answering from a table of `url -> Response` (the smoke test's own logic; the real one runs in deploy.yml). */
function fakeFetch(routes: Record<string, () => Response>): typeof fetch {
  return (async (input: string | URL) => {
    const url = String(input);
    const route = routes[url];
    if (!route) throw new Error(`getaddrinfo ENOTFOUND ${new URL(url).host}`);
    return route();
  }) as typeof fetch;
}

const SITE = 'https://vigil.test';
const ENDPOINT = 'https://abc123.execute-api.us-east-1.amazonaws.com';
const healthy = {
  [`${SITE}/api/health`]: () => Response.json({ status: 'ok', handlers: 'lambda' }),
  [`${SITE}/api/billing/mode`]: () => Response.json({ mode: 'stripe' }),
  [`${SITE}/`]: () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html', 'content-security-policy': "default-src 'self'" } }),
  [`${ENDPOINT}/api/health`]: () => Response.json({ message: 'Forbidden' }, { status: 403 }),
};

describe('post-deploy smoke test', () => {
  it('passes a healthy deployment whose execute-api endpoint is refused', async () => {
    const results = await smokeTest({ site: SITE, apiEndpoint: ENDPOINT, billing: 'stripe', fetch: fakeFetch(healthy), waitMs: 0 });
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true]);
  });

  it('names each failure: an unhealthy API, the wrong billing mode, an execute-api endpoint that still answers', async () => {
    const results = await smokeTest({
      site: SITE,
      apiEndpoint: ENDPOINT,
      billing: 'stripe',
      fetch: fakeFetch({
        ...healthy,
        [`${SITE}/api/health`]: () => Response.json({ status: 'unavailable' }, { status: 503 }),
        [`${SITE}/api/billing/mode`]: () => Response.json({ mode: 'none' }),
        [`${ENDPOINT}/api/health`]: () => Response.json({ status: 'ok' }),
      }),
      waitMs: 0,
    });
    expect(results.filter((r) => !r.ok).map((r) => r.name)).toEqual([
      'GET /api/health answers 200 {status: ok}',
      'GET /api/billing/mode answers 200 with mode stripe',
      'the execute-api endpoint is disabled (traffic only through CloudFront)',
    ]);
    expect(results[0]!.detail).toContain('503');
  });

  it('retries until CloudFront serves the new distribution', async () => {
    let calls = 0;
    const results = await smokeTest({
      site: SITE,
      fetch: fakeFetch({
        ...healthy,
        [`${SITE}/api/health`]: () => (++calls < 3 ? new Response('Bad gateway', { status: 502 }) : Response.json({ status: 'ok' })),
      }),
      waitMs: 5_000,
      pauseMs: 1,
    });
    expect(results[0]).toMatchObject({ ok: true });
    expect(calls).toBe(3);
  });

  it('reads the API endpoint from cdk deploy --outputs-file', () => {
    expect(apiEndpointOf({ 'Vigil-prod-Web': { SiteUrl: SITE }, 'Vigil-prod-Api': { ApiEndpoint: ENDPOINT } })).toBe(ENDPOINT);
    expect(apiEndpointOf({})).toBeUndefined();
  });
});
