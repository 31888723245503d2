import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { ulid } from 'ulid';
import { httpEvent } from '../../../../test/env';
import { SESSION_COOKIE, createSession } from '../../../services/sessions';

/**
 * Test helpers shared by the admin, risk, contact and events route tests: signed-in callers with real
 * sessions, and a `call` that goes through an area handler like the gateway does.
 */

export interface TestCaller {
  userId: string;
  email: string;
  cookies: string[];
}

/** A session for `userId` (a fresh ULID by default); no profile is created. */
export async function signIn(opts: { isAdmin?: boolean; userId?: string; email?: string } = {}): Promise<TestCaller> {
  const userId = opts.userId ?? ulid();
  const email = opts.email ?? `${userId.toLowerCase()}@example.test`;
  const { cookieValue } = await createSession({ userId, email, isAdmin: opts.isAdmin ?? false });
  return { userId, email, cookies: [`${SESSION_COOKIE}=${cookieValue}`] };
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions read the JSON freely
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

/** Calls `METHOD routePath` (with `{name}` filled from `params`) as `who` (undefined: anonymous). */
export async function call(
  handler: Handler,
  method: string,
  routePath: string,
  who: TestCaller | undefined,
  extra: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> } = {},
): Promise<Reply> {
  const path = routePath.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(extra.params?.[k] ?? ''));
  const res = (await handler(
    httpEvent(method, path, { routePath, pathParameters: extra.params, query: extra.query, body: extra.body, cookies: who?.cookies }),
    {} as Context,
  )) as { statusCode: number; body: string; headers?: Record<string, string> };
  return { status: res.statusCode, headers: res.headers ?? {}, body: res.body ? JSON.parse(res.body) : undefined };
}
