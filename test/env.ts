import { resetDbClient } from '../functions/adapters/dynamo/client';
import { resetConfig } from '../functions/lib/config';
import { ensureTable, startDynalite, type RunningDynamo } from '../local/stand-ins/dynamo';

/**
 * Integration-test environment: an in-memory dynalite with the real table, and process configuration pointed
 * at it. Refuses anything but loopback endpoints so a test can never touch a real AWS account.
 */
export async function startTestDynamo(extraEnv: Record<string, string> = {}): Promise<RunningDynamo & { tableName: string }> {
  const dynamo = await startDynalite();
  const tableName = `test-${Math.random().toString(36).slice(2, 8)}`;
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_REGION: 'us-east-1',
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    TABLE_NAME: tableName,
    LOG_LEVEL: 'SILENT',
    // As `npm start`: plans apply at once. Billing tests choose `stripe` or `none` themselves.
    BILLING: 'demo',
    ...extraEnv,
  });
  for (const [k, v] of Object.entries(process.env)) {
    if (k.endsWith('_ENDPOINT') && v && !/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(v)) {
      throw new Error(`test environment refuses non-loopback endpoint ${k}=${v}`);
    }
  }
  resetConfig();
  resetDbClient();
  await ensureTable(dynamo.endpoint, tableName);
  return { ...dynamo, tableName };
}

/** A minimal API Gateway v2 event for calling an area handler directly. */
export function httpEvent(
  method: string,
  path: string,
  opts: {
    routePath?: string;
    pathParameters?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    headers?: Record<string, string>;
    cookies?: string[];
  } = {},
) {
  const body = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  return {
    version: '2.0',
    routeKey: `${method} ${opts.routePath ?? path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(opts.query ?? {}).toString(),
    cookies: opts.cookies,
    // What a browser sends on the site's own fetch calls; CSRF tests override or drop it.
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...(opts.headers ?? {}) },
    queryStringParameters: opts.query,
    pathParameters: opts.pathParameters,
    body,
    isBase64Encoded: false,
    requestContext: {
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'jest' },
      requestId: 'test',
      routeKey: `${method} ${opts.routePath ?? path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
  } as unknown as import('aws-lambda').APIGatewayProxyEventV2;
}
