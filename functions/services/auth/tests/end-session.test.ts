import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resetConfig } from '../../../lib/config';
import { endSessionUrl } from '../oidc-client';

// Where logout sends the browser, for an IdP with and without a standard end_session_endpoint (Cognito has none).
let idp: Server;
let issuer: string;
let metadata: Record<string, unknown>;

beforeAll(async () => {
  idp = createServer((req, res) => {
    if (req.url === '/pool/.well-known/openid-configuration') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(metadata));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((ok) => idp.listen(0, '127.0.0.1', () => ok()));
  issuer = `http://127.0.0.1:${(idp.address() as AddressInfo).port}/pool`;
});
afterAll(() => new Promise<void>((ok) => idp.close(() => ok())));

function configure(env: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfig();
}

const base = (extra: Record<string, unknown> = {}) => ({
  issuer,
  authorization_endpoint: `${issuer}/authorize`,
  token_endpoint: `${issuer}/token`,
  jwks_uri: `${issuer}/jwks`,
  ...extra,
});

describe('endSessionUrl', () => {
  it("uses the IdP's end_session_endpoint with id_token_hint and the site as post-logout target", async () => {
    metadata = base({ end_session_endpoint: `${issuer}/logout-standard` });
    configure({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'client-a', PUBLIC_URL: 'https://vigil.example', OIDC_LOGOUT_URL: undefined });
    const url = new URL(await endSessionUrl('header.payload.sig'));
    expect(url.origin + url.pathname).toBe(`${issuer}/logout-standard`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id_token_hint: 'header.payload.sig',
      post_logout_redirect_uri: 'https://vigil.example/',
      client_id: 'client-a',
    });
  });

  it('falls back to a Cognito-style logout URL when discovery announces no end_session_endpoint', async () => {
    metadata = base();
    configure({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'client-b',
      PUBLIC_URL: 'https://vigil.example',
      OIDC_LOGOUT_URL: 'https://vigil.auth.us-east-1.amazoncognito.com/logout',
    });
    expect(await endSessionUrl('t.t.t')).toBe(
      'https://vigil.auth.us-east-1.amazoncognito.com/logout?client_id=client-b&logout_uri=https%3A%2F%2Fvigil.example%2F',
    );
  });

  it('goes home when the IdP is unreachable and no logout URL is configured', async () => {
    configure({ OIDC_ISSUER: 'http://127.0.0.1:9/nowhere', OIDC_CLIENT_ID: 'client-c', OIDC_LOGOUT_URL: undefined });
    expect(await endSessionUrl(undefined)).toBe('/');
  });
});
