import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { ulid } from 'ulid';
import { httpEvent, startTestDynamo } from '../../../../test/env';
import { startS3 } from '../../../../local/stand-ins/s3';
import { resetS3Client } from '../../../adapters/s3';
import { SESSION_COOKIE, createSession } from '../../../services/sessions';

/** A signed-in test user: the cookie to send and the id the server knows them by. */
export interface TestUser {
  userId: string;
  cookies: string[];
}

export interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions read the JSON freely
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

/**
 * Test stack for the read/review/allowlist areas: real dynalite (and s3rver when asked), real sessions for
 * an owner, another user and an admin, and a `call` that goes through the area handler like the gateway.
 */
export async function startHarness(opts: { s3?: boolean } = {}) {
  const dir = opts.s3 ? mkdtempSync(join(tmpdir(), 'vigil-results-')) : undefined;
  const s3 = dir ? await startS3({ directory: dir, buckets: ['test-uploads'] }) : undefined;
  const dynamo = await startTestDynamo(s3 ? { S3_ENDPOINT: s3.endpoint, UPLOADS_BUCKET: 'test-uploads' } : {});
  resetS3Client();

  const user = async (isAdmin = false): Promise<TestUser> => {
    const userId = ulid();
    const { cookieValue } = await createSession({ userId, email: `${userId.toLowerCase()}@example.test`, isAdmin });
    return { userId, cookies: [`${SESSION_COOKIE}=${cookieValue}`] };
  };
  const [owner, other, admin] = [await user(), await user(), await user(true)];

  /** Calls `METHOD /route/{id}` with `{id}` filled in, as `who` (undefined: anonymous). */
  const call = async (
    handler: Handler,
    method: string,
    routePath: string,
    who: TestUser | undefined,
    extra: { id?: string; body?: unknown; query?: Record<string, string> } = {},
  ): Promise<Reply> => {
    const path = extra.id === undefined ? routePath : routePath.replace('{id}', encodeURIComponent(extra.id));
    const res = (await handler(
      httpEvent(method, path, {
        routePath,
        pathParameters: extra.id === undefined ? undefined : { id: extra.id },
        query: extra.query,
        body: extra.body,
        cookies: who?.cookies,
      }),
      {} as Context,
    )) as { statusCode: number; body: string };
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
  };

  const close = async () => {
    resetS3Client();
    await dynamo.close();
    await s3?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  return { owner, other, admin, user, call, close, s3Endpoint: s3?.endpoint };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;
