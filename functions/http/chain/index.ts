import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ZodType } from 'zod';
import { ROUTES, routeKey, type Area, type AuthRule, type BodyOf, type ParamsOf, type QueryOf, type RouteDef } from '../../../shared/contract';
import type { Caller } from '../../services/sessions';
import { ForbiddenError, HttpError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors';
import { requireOwned } from '../../lib/ownership';
import { parseOrThrow } from '../../lib/validation';
import { logger } from '../../lib/logger';
import { markTraced, tracer } from '../../lib/tracer';
import { checkJsonContentType, checkSameOrigin, parseCookies } from '../../lib/request-guard';
import { isCostlyRoute, takeCostlyRequest } from '../../services/platform/rate-limits';
import { requestMetrics } from './request-metrics';
import { callerOf, sessionLookup } from './session';

export type { Caller };
export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** What an endpoint function sees: parsed input, the caller, and the raw event for the rare endpoint that needs it. */
export interface Request<P, Q, B, C> {
  params: P;
  query: Q;
  body: B;
  caller: C;
  headers: Record<string, string | undefined>;
  cookies: Record<string, string>;
  event: HttpEvent;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: string[];
  /** Raw bytes (PDF and the like), sent base64-encoded as API Gateway expects. */
  binary?: Buffer;
}

export interface Endpoint {
  kind: 'public' | 'signed-in';
  /** The contract row this endpoint serves; its schemas parse the request. */
  route: RouteDef;
  run(event: HttpEvent, caller: Caller | undefined): Promise<Reply>;
}

/** An endpoint that anyone may call; `caller` is set when a session happens to exist. */
export function publicEndpoint<R extends RouteDef>(
  route: R,
  fn: (req: Request<ParamsOf<R>, QueryOf<R>, BodyOf<R>, Caller | undefined>) => Promise<Reply>,
): Endpoint {
  return { kind: 'public', route, run: (event, caller) => fn(parseRequest(event, route, caller)) };
}

/** An endpoint for signed-in callers (rule `user` or `admin` in the contract). */
export function userEndpoint<R extends RouteDef>(
  route: R,
  fn: (req: Request<ParamsOf<R>, QueryOf<R>, BodyOf<R>, Caller>) => Promise<Reply>,
): Endpoint {
  return {
    kind: 'signed-in',
    route,
    run: (event, caller) => {
      if (!caller) throw new UnauthorizedError();
      return fn(parseRequest(event, route, caller));
    },
  };
}

export const json = (body: unknown, status = 200, extra: Omit<Reply, 'status' | 'body'> = {}): Reply => ({
  status,
  body,
  ...extra,
});
export const redirect = (location: string, cookies?: string[]): Reply => ({
  status: 302,
  headers: { location },
  cookies,
});
export const binary = (data: Buffer, contentType: string, filename: string): Reply => ({
  status: 200,
  binary: data,
  headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${filename}"` },
});

/**
 * Resolves `/api/user/{id}/...`: `me` or the caller's own id is the caller; another id only for an admin.
 * Returns the user id the request is about.
 */
export function resolveUserParam(caller: Caller, id: string): string {
  if (id === 'me' || id === caller.userId) return caller.userId;
  if (caller.isAdmin) return id;
  throw new ForbiddenError('You can only access your own account.');
}

/** Items read by id are visible to their owner and to admins; to anyone else they do not exist. */
export function assertOwner<T extends { userId: string }>(caller: Caller, item: T | undefined, what: string): T {
  return requireOwned(item, caller.userId, what, { adminMayRead: caller.isAdmin });
}

const parsePart = <T>(schema: ZodType<T> | undefined, value: unknown, where: string): T =>
  schema ? parseOrThrow(schema, value, where) : (value as T);

/** The request body as text (API Gateway may base64-encode it), or undefined when there is none. */
export function rawBody(event: HttpEvent): string | undefined {
  if (event.body === undefined || event.body === null) return undefined;
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/** Parses the JSON body with `schema` (400 when it is missing, not JSON, or does not match). */
export function parseJsonBody<T>(schema: ZodType<T>, event: HttpEvent): T {
  checkJsonContentType(event);
  const text = rawBody(event);
  if (!text) throw new ValidationError('A JSON request body is required.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ValidationError('Request body is not valid JSON.');
  }
  return parseOrThrow(schema, body, 'body');
}

function parseRequest<P, Q, B, C>(event: HttpEvent, route: RouteDef, caller: C): Request<P, Q, B, C> {
  const jsonBody = route.body && (route.bodyKind ?? 'json') === 'json';
  return {
    params: parsePart(route.params as ZodType<P> | undefined, event.pathParameters ?? {}, 'params'),
    query: parsePart(route.query as ZodType<Q> | undefined, event.queryStringParameters ?? {}, 'query'),
    body: jsonBody ? (parseJsonBody(route.body as ZodType<B>, event)) : (undefined as B),
    caller,
    headers: event.headers ?? {},
    cookies: parseCookies(event),
    event,
  };
}

function enforce(rule: AuthRule, caller: Caller | undefined): void {
  if (rule === 'public') return;
  if (!caller) throw new UnauthorizedError();
  if (rule === 'admin' && !caller.isAdmin) throw new ForbiddenError('Administrator access is required.', 'ADMIN_ONLY');
  if (rule === 'agent' && !caller.isAgent && !caller.isAdmin) throw new ForbiddenError('Agent access is required.', 'AGENT_ONLY');
}

function toResult(reply: Reply): HttpResult {
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...reply.headers };
  if (reply.binary) {
    return {
      statusCode: reply.status,
      headers,
      cookies: reply.cookies,
      body: reply.binary.toString('base64'),
      isBase64Encoded: true,
    };
  }
  if (reply.body === undefined) return { statusCode: reply.status, headers, cookies: reply.cookies, body: '' };
  headers['content-type'] ??= 'application/json; charset=utf-8';
  const body = typeof reply.body === 'string' && !headers['content-type'].startsWith('application/json')
    ? reply.body
    : JSON.stringify(reply.body);
  return { statusCode: reply.status, headers, cookies: reply.cookies, body };
}

function errorResult(err: unknown, event: HttpEvent): HttpResult {
  if (err instanceof HttpError) {
    const body: Record<string, unknown> = { error: err.message, code: err.code, ...err.details };
    if (err.fields?.length) body.fields = err.fields;
    return toResult({ status: err.statusCode, body, ...(err.headers ? { headers: err.headers } : {}) });
  }
  logger.error('unhandled error', { routeKey: event.routeKey, error: err as Error });
  return toResult({ status: 500, body: { error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } });
}

/**
 * The Lambda handler of one area: traces the invocation (X-Ray, inert outside Lambda), normalises headers,
 * records the request's metrics (./request-metrics.ts), refuses cross-site writes, resolves the session
 * (./session.ts), applies the contract row's auth rule, takes a rate token on a costly route, runs the endpoint and maps errors to
 * `{error, code, fields?}`.
 * Throws at load time when the area's endpoints and the contract disagree, so a missing handler or a
 * wrong auth kind can never deploy.
 */
export function areaHandler(area: Area, endpoints: readonly Endpoint[]) {
  const routes = ROUTES.filter((r) => r.area === area);
  const byKey = new Map<string, { rule: AuthRule; crossSite: boolean; endpoint: Endpoint }>();
  for (const endpoint of endpoints) {
    const r = endpoint.route;
    if (r.area !== area) throw new Error(`area ${area}: endpoint ${r.name} belongs to area ${r.area}`);
    if (byKey.has(routeKey(r))) throw new Error(`area ${area}: two endpoints for ${routeKey(r)}`);
    if ((r.auth === 'public') !== (endpoint.kind === 'public')) {
      throw new Error(`area ${area}: ${r.name} is a ${endpoint.kind} endpoint but the contract says ${r.auth}`);
    }
    byKey.set(routeKey(r), { rule: r.auth, crossSite: r.crossSite !== undefined, endpoint });
  }
  const missing = routes.filter((r) => !byKey.has(routeKey(r)));
  if (missing.length) throw new Error(`area ${area}: no endpoint for ${missing.map((r) => `${r.name} (${routeKey(r)})`).join(', ')}`);

  // Every error is answered here, so the middlewares' `after` sees every request.
  const core = async (event: HttpEvent, _context: Context): Promise<HttpResult> => {
    try {
      const route = byKey.get(event.routeKey);
      checkSameOrigin(event, route?.crossSite);
      if (!route) throw new NotFoundError('Route');
      const caller = await callerOf(event);
      enforce(route.rule, caller);
      // Costly routes spend a token of the caller's per-plan bucket first (services/platform/rate-limits.ts).
      if (caller && isCostlyRoute(route.endpoint.route.name)) await takeCostlyRequest(caller.userId);
      return toResult(await route.endpoint.run(event, caller));
    } catch (err) {
      return errorResult(err, event);
    }
  };
  return markTraced(
    middy<HttpEvent, HttpResult>()
      // Replies can hold user data: X-Ray gets the segment and errors, never the response body.
      .use(captureLambdaHandler(tracer, { captureResponse: false }))
      .use(httpHeaderNormalizer({ canonical: false }))
      .use(requestMetrics())
      .use(sessionLookup())
      .handler(core),
  );
}
