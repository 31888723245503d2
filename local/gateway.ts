import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { ROUTES, routeKey, type Area, type RouteDef } from '../shared/contract';

/** API Gateway's payload limit; a larger body is refused before any handler runs, as on AWS. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** Lambda's default timeout for the API functions; reported by context.getRemainingTimeInMillis(). */
const TIMEOUT_MS = 30_000;

type AreaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2>;
export type AreaLoader = (area: Area) => Promise<AreaHandler>;

export interface CompiledRoute {
  route: RouteDef;
  pattern: RegExp;
  params: string[];
}

/** Turns `/api/search/{id}` (and `{proxy+}`) into a regular expression with one group per parameter. */
function compile(route: RouteDef): CompiledRoute {
  const params: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const m = /^\{(\w+)(\+?)\}$/.exec(segment);
      if (!m) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(m[1]!);
      return m[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), params };
}

/** Orders routes so the most specific is tried first: fewer parameters, then longer literal text. */
function compileAll(routes: readonly RouteDef[]): CompiledRoute[] {
  return routes.map(compile).sort((a, b) => a.params.length - b.params.length || b.route.path.length - a.route.path.length);
}

const defaultTable = () => (defaultCompiled ??= compileAll(ROUTES));
let defaultCompiled: CompiledRoute[] | undefined;

export type RouteMatch = { route: RouteDef; pathParameters?: Record<string, string> };

/**
 * Finds the route for a method and path as API Gateway does: a literal path beats a parameterised one
 * (so `/api/search/recent` wins over `/api/search/{id}`). Returns the route and its decoded path parameters.
 */
export function matchRoute(method: string, path: string, table: CompiledRoute[] = defaultTable()): RouteMatch | undefined {
  for (const c of table) {
    if (c.route.method !== method) continue;
    const m = c.pattern.exec(path);
    if (!m) continue;
    if (!c.params.length) return { route: c.route };
    const pathParameters: Record<string, string> = {};
    c.params.forEach((name, i) => {
      pathParameters[name] = safeDecode(m[i + 1]!);
    });
    return { route: c.route, pathParameters };
  }
  return undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Content types API Gateway hands to Lambda as text; everything else (multipart, images, PDFs) is base64. */
function isTextual(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/x-www-form-urlencoded' ||
    type === 'application/xml' ||
    type.endsWith('+xml')
  );
}

/**
 * Builds the API Gateway HTTP API (payload 2.0) event for a request: headers lowercased and joined with
 * commas, cookies split into `cookies` (and left out of `headers`, as API Gateway does), repeated query keys
 * joined with commas, and a binary or multipart body base64-encoded.
 */
export function toEvent(
  req: IncomingMessage,
  body: Buffer,
  match: RouteMatch | undefined,
  now = new Date(),
): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? '/', 'http://gateway.invalid');
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    const value = req.rawHeaders[i + 1]!;
    if (name === 'cookie') {
      cookies.push(...value.split(';').map((c) => c.trim()).filter(Boolean));
      continue;
    }
    headers[name] = headers[name] === undefined ? value : `${headers[name]},${value}`;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = query[k] === undefined ? v : `${query[k]},${v}`;
  const method = (req.method ?? 'GET').toUpperCase();
  const key = match ? routeKey(match.route) : '$default';
  const textual = isTextual(headers['content-type']);
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const requestId = randomUUID();

  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: cookies.length ? cookies : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: match?.pathParameters,
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: key,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
  };
}

/** A Lambda context good enough for middy and the logger. */
function lambdaContext(area: Area, requestId: string): Context {
  const deadline = Date.now() + TIMEOUT_MS;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `vigil-api-${area}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:vigil-api-${area}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/vigil-api-${area}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Writes a Lambda result back as API Gateway does (a bare string or object result means 200 JSON). */
export function writeResult(res: ServerResponse, result: APIGatewayProxyResultV2): void {
  const structured: APIGatewayProxyStructuredResultV2 =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? result
      : { statusCode: 200, headers: { 'content-type': 'application/json' }, body: typeof result === 'string' ? result : JSON.stringify(result) };
  res.statusCode = structured.statusCode ?? 200;
  for (const [name, value] of Object.entries(structured.headers ?? {})) res.setHeader(name, String(value));
  if (structured.cookies?.length) res.setHeader('set-cookie', structured.cookies);
  const body = structured.body ?? '';
  res.end(structured.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}

function sendJson(res: ServerResponse, status: number, body: { error: string; code: string }): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Imports `functions/http/<area>/index.ts` on first use, as a Lambda cold start would, and keeps it. */
const defaultLoader: AreaLoader = async (area) => {
  const mod = (await import(`../functions/http/${area}/index`)) as { handler?: AreaHandler };
  if (typeof mod.handler !== 'function') throw new Error(`functions/http/${area}/index.ts exports no handler`);
  return mod.handler;
};

/**
 * The local API Gateway: matches `/api/*` requests against the route table, turns them into payload-2.0
 * events, calls the area's exported handler (the one Lambda runs) and writes its result back. Tests may pass
 * their own route table and loader.
 */
export function createGateway(opts: { routes?: readonly RouteDef[]; load?: AreaLoader } = {}) {
  const load = opts.load ?? defaultLoader;
  const table = opts.routes ? compileAll(opts.routes) : defaultTable();
  const handlers = new Map<Area, Promise<AreaHandler>>();
  const handlerFor = (area: Area) => {
    let h = handlers.get(area);
    if (!h) {
      h = load(area);
      handlers.set(area, h);
      h.catch(() => handlers.delete(area));
    }
    return h;
  };

  return async function gateway(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const path = new URL(req.url ?? '/', 'http://gateway.invalid').pathname;
    const match = matchRoute(method, path, table);
    if (!match) {
      req.resume();
      return sendJson(res, 404, { error: `There is no API route ${method} ${path}.`, code: 'NOT_FOUND' });
    }
    const body = await readBody(req);
    if (!body) {
      req.resume();
      return sendJson(res, 413, { error: 'The request body is larger than 10 MB.', code: 'PAYLOAD_TOO_LARGE' });
    }
    const event = toEvent(req, body, match);
    const handler = await handlerFor(match.route.area);
    const result = await handler(event, lambdaContext(match.route.area, event.requestContext.requestId));
    writeResult(res, result);
  };
}
