/**
 * The one route table. The CDK API stack creates an HTTP API route and picks the area's Lambda function
 * from it; the local gateway matches requests against it and calls the same area handler. An area is one
 * Lambda function (one bundle) that dispatches on the route key; see functions/lib/http.ts.
 *
 * auth: `public` needs no session; `user` needs a signed-in caller; `admin` needs a caller in the admin group.
 */
export type AuthRule = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  /** API Gateway path syntax: `/api/search/{id}`. */
  path: string;
  area: Area;
  /** Name of the endpoint inside the area's handler map. */
  name: string;
  auth: AuthRule;
  summary: string;
}

export const AREAS = ['system', 'auth'] as const;
export type Area = (typeof AREAS)[number];

export const ROUTES: readonly RouteDef[] = [
  { method: 'GET', path: '/api/health', area: 'system', name: 'health', auth: 'public', summary: 'Liveness check' },
  { method: 'GET', path: '/api/openapi.json', area: 'system', name: 'openapi', auth: 'public', summary: 'OpenAPI description of this API' },

  { method: 'GET', path: '/api/login', area: 'auth', name: 'login', auth: 'public', summary: 'Start the OIDC sign-in (code flow with PKCE)' },
  { method: 'GET', path: '/api/auth/callback', area: 'auth', name: 'callback', auth: 'public', summary: 'Finish the OIDC sign-in and set the session cookie' },
  { method: 'GET', path: '/api/logout', area: 'auth', name: 'logout', auth: 'public', summary: 'End the session here and at the identity provider' },
  { method: 'GET', path: '/api/auth/user', area: 'auth', name: 'currentUser', auth: 'user', summary: 'The signed-in user' },
];

/** `GET /api/search/{id}`: the API Gateway v2 route key of a route. */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;
