import * as oidc from 'openid-client';
import { config } from '../../lib/config';

let cached: { key: string; promise: Promise<oidc.Configuration> } | undefined;

/**
 * The relying-party configuration for the identity provider (Cognito on AWS, oidc-provider locally), found by
 * OIDC discovery once per process and reused by every later call in that process. A failed discovery is not
 * cached, so the next request tries again.
 */
export function oidcClient(): Promise<oidc.Configuration> {
  const c = config();
  if (!c.oidcIssuer) return Promise.reject(new Error('OIDC_ISSUER is not configured'));
  const key = [c.oidcIssuer, c.oidcClientId, c.oidcClientSecret ?? ''].join(' ');
  if (cached?.key !== key) {
    const promise = discover(c.oidcIssuer, c.oidcClientId, c.oidcClientSecret);
    cached = { key, promise };
    promise.catch(() => {
      if (cached?.promise === promise) cached = undefined;
    });
  }
  return cached.promise;
}

async function discover(issuer: string, clientId: string, clientSecret?: string): Promise<oidc.Configuration> {
  const url = new URL(issuer);
  return oidc.discovery(
    url,
    clientId,
    undefined,
    clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None(),
    {
      // openid-client refuses plain http; only the loopback IdP of the local runtime is configured with it.
      execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      timeout: 10,
    },
  );
}

/** Where the identity provider sends the browser back after sign-in. */
export const callbackUrl = () => `${config().publicUrl}/api/auth/callback`;

/** Where the identity provider sends the browser after sign-out. */
export const afterLogoutUrl = () => `${config().publicUrl}/`;

/**
 * The URL that ends the session at the identity provider: its standard `end_session_endpoint` when discovery
 * announces one (oidc-provider), else the configured Cognito-style `/logout` URL (Cognito has no standard
 * endpoint), else the site's home page.
 */
export async function endSessionUrl(idToken: string | undefined): Promise<string> {
  const c = config();
  try {
    const client = await oidcClient();
    if (client.serverMetadata().end_session_endpoint) {
      const params: Record<string, string> = { post_logout_redirect_uri: afterLogoutUrl(), client_id: c.oidcClientId };
      if (idToken) params.id_token_hint = idToken;
      return oidc.buildEndSessionUrl(client, params).href;
    }
  } catch {
    // The IdP being unreachable must not keep anyone signed in here: fall through to the other targets.
  }
  if (c.oidcLogoutUrl) {
    const url = new URL(c.oidcLogoutUrl);
    if (!url.searchParams.has('client_id')) url.searchParams.set('client_id', c.oidcClientId);
    if (!url.searchParams.has('logout_uri')) url.searchParams.set('logout_uri', afterLogoutUrl());
    return url.href;
  }
  return '/';
}
