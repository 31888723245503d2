import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { simpleParser, type ParsedMail } from 'mailparser';
import { ulid } from 'ulid';
import { renderSubmissionAsl } from '../../../../infra/workflows/submission-definition';
import { renderBulkSubmissionAsl } from '../../../../infra/workflows/bulk-submission-definition';
import { startS3 } from '../../../../local/stand-ins/s3';
import { startStepFunctions } from '../../../../local/stand-ins/stepfunctions';
import { httpEvent, startTestDynamo } from '../../../../test/env';
import { resetS3Client } from '../../../adapters/s3';
import { resetWorkflowClient } from '../../../adapters/workflows';
import { resetConfig } from '../../../lib/config';
import { readStoredPlan, changeStoredPlan } from '../../../services/billing/plan-store';
import { getResult, persistResults, type NewResult } from '../../../services/search/results';
import { reviewResult } from '../../../services/search/review';
import { createSearch, finishSearch } from '../../../services/search/searches';
import { SESSION_COOKIE, createSession } from '../../../services/sessions';
import { resetAgentIdentity } from '../../../services/notices/agent-identity';
import { getOrCreateUserFromClaims } from '../../../services/users';
import type { PlanId } from '../../../../shared/schemas/user';
import { SUBMISSION_TASK_HANDLERS, resetMailSender } from '../../../workflows/submission';
import { BULK_TASK_HANDLERS } from '../../../workflows/bulk-submission';
import { startFixtureWeb } from './fixture-web';

export interface TestUser {
  userId: string;
  email: string;
  cookies: string[];
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions read the JSON freely
  /** The raw bytes of a binary (PDF, text file) answer. */
  bytes?: Buffer;
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

/** A loopback stand-in for the SESv2 SendEmail call, answering with the queued replies (then 200). */
async function startSesStandIn() {
  const requests: { to: string[]; raw: Buffer }[] = [];
  const replies: { status: number; type?: string; message?: string }[] = [];
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const body = JSON.parse(data || '{}') as { Destination?: { ToAddresses?: string[] }; Content?: { Raw?: { Data?: string } } };
      requests.push({ to: body.Destination?.ToAddresses ?? [], raw: Buffer.from(body.Content?.Raw?.Data ?? '', 'base64') });
      const reply = replies.shift();
      if (reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...(reply.type ? { 'x-amzn-errortype': reply.type } : {}) });
        return res.end(JSON.stringify({ message: reply.message ?? 'error' }));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ MessageId: `ses-${requests.length}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    replies,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * The takedown test stack: real dynalite, s3rver (uploads and notices buckets), the Step Functions stand-in
 * running the rendered submission ASL with the real task handlers, a loopback fixture web (infringing pages,
 * RDAP, DNS-over-HTTPS) configured as the safe fetcher's sandbox origin, the outbox for mail, and a loopback
 * SES for the delivery-failure paths. Users have real profiles and sessions. `bulkHandlers` wraps the bulk
 * workflow's task handlers (to watch or fail them in a test).
 */
export async function startTakedownHarness(opts: { bulkHandlers?: typeof BULK_TASK_HANDLERS } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-takedown-'));
  const outbox = join(dir, 'outbox');
  const s3 = await startS3({ directory: join(dir, 's3'), buckets: ['test-uploads', 'test-notices'] });
  const web = await startFixtureWeb();
  const ses = await startSesStandIn();
  const sfn = await startStepFunctions([
    { name: 'submission', definition: renderSubmissionAsl(), handlers: SUBMISSION_TASK_HANDLERS as never, waitMs: 0 },
    { name: 'bulk-submission', definition: renderBulkSubmissionAsl(), handlers: (opts.bulkHandlers ?? BULK_TASK_HANDLERS) as never },
  ]);
  const dynamo = await startTestDynamo({
    S3_ENDPOINT: s3.endpoint,
    UPLOADS_BUCKET: 'test-uploads',
    NOTICES_BUCKET: 'test-notices',
    SANDBOX_ORIGIN: web.origin,
    RDAP_BASE_URL: `${web.origin}/rdap`,
    DNS_OVER_HTTPS_URL: `${web.origin}/dns/resolve`,
    OUTBOX_DIR: outbox,
    STEPFUNCTIONS_ENDPOINT: sfn.endpoint,
    SUBMISSION_STATE_MACHINE_ARN: sfn.arnOf('submission'),
    BULK_SUBMISSION_STATE_MACHINE_ARN: sfn.arnOf('bulk-submission'),
    RECHECK_AFTER_SECONDS: '3600',
  });
  delete process.env.SES_ENDPOINT;
  delete process.env.STRIPE_SECRET_KEY;
  resetS3Client();
  resetWorkflowClient();
  resetMailSender();
  resetAgentIdentity();

  const user = async (opts: { plan?: PlanId; isAdmin?: boolean } = {}): Promise<TestUser> => {
    const email = `${ulid().toLowerCase()}@example.test`;
    const profile = await getOrCreateUserFromClaims({ iss: 'https://idp.test', sub: ulid(), email, given_name: 'Test', family_name: 'User' });
    if (opts.plan && opts.plan !== 'trial') await changeStoredPlan((await readStoredPlan(profile.id))!, opts.plan, new Date().toISOString());
    const { cookieValue } = await createSession({ userId: profile.id, email, isAdmin: opts.isAdmin ?? false });
    return { userId: profile.id, email, cookies: [`${SESSION_COOKIE}=${cookieValue}`] };
  };

  /** Calls `METHOD routePath` with `{id}`-style parameters filled in, as `who` (undefined: anonymous). */
  const call = async (
    handler: Handler,
    method: string,
    routePath: string,
    who: TestUser | undefined,
    extra: { params?: Record<string, string>; body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Reply> => {
    let path = routePath;
    for (const [k, v] of Object.entries(extra.params ?? {})) path = path.replace(`{${k}}`, encodeURIComponent(v));
    const res = (await handler(
      httpEvent(method, path, { routePath, pathParameters: extra.params, query: extra.query, body: extra.body, cookies: who?.cookies, headers: extra.headers }),
      {} as Context,
    )) as { statusCode: number; body: string; headers?: Record<string, string>; isBase64Encoded?: boolean };
    const headers = res.headers ?? {};
    if (res.isBase64Encoded) return { status: res.statusCode, headers, body: undefined, bytes: Buffer.from(res.body, 'base64') };
    return { status: res.statusCode, headers, body: res.body ? JSON.parse(res.body) : undefined };
  };

  /** A finished search of `who` with the given results; returns their ids (in the order given). */
  const seedResults = async (who: TestUser, results: NewResult[], review: 'unauthorized' | 'safe' | null = 'unauthorized') => {
    const search = await createSearch({ userId: who.userId, query: 'Test Creator', searchEngines: ['google'], contentType: 'images' });
    const { ids } = await persistResults(search.id, results);
    await finishSearch(search.id, { status: 'completed', successfulEngines: ['google'], failedEngines: [] });
    const byUrl = new Map((await Promise.all(ids.map(getResult))).map((r) => [r!.url, r!.id]));
    const ordered = results.map((r) => byUrl.get(r.url)!);
    if (review) await Promise.all(ordered.map((id) => reviewResult(who.userId, id, review)));
    return ordered;
  };

  /** `.eml` files written to the outbox so far. */
  const outboxFiles = () => {
    try {
      return readdirSync(outbox).filter((f) => f.endsWith('.eml')).map((f) => join(outbox, f));
    } catch {
      return [];
    }
  };

  /** The outbox messages about one case (by their X-Vigil-Case header). */
  const mailsFor = async (caseNumber: string): Promise<ParsedMail[]> => {
    const mails = await Promise.all(outboxFiles().map((f) => simpleParser(readFileSync(f))));
    return mails.filter((m) => m.headers.get('x-vigil-case') === caseNumber);
  };

  /** Sends mail through the loopback SES instead of the outbox (until `useOutbox`). */
  const useSes = () => {
    delete process.env.OUTBOX_DIR;
    process.env.SES_ENDPOINT = ses.endpoint;
    resetMailSender();
  };
  const useOutbox = () => {
    delete process.env.SES_ENDPOINT;
    process.env.OUTBOX_DIR = outbox;
    resetMailSender();
  };

  const close = async () => {
    await sfn.close();
    resetS3Client();
    resetWorkflowClient();
    resetMailSender();
    await dynamo.close();
    await s3.close();
    await web.close();
    await ses.close();
    for (const k of ['SANDBOX_ORIGIN', 'RDAP_BASE_URL', 'DNS_OVER_HTTPS_URL', 'OUTBOX_DIR', 'SES_ENDPOINT', 'RECHECK_AFTER_SECONDS']) delete process.env[k];
    resetConfig();
    rmSync(dir, { recursive: true, force: true });
  };

  return { user, call, seedResults, outboxFiles, mailsFor, useSes, useOutbox, close, web, ses, sfn, outbox, dir };
}

export type TakedownHarness = Awaited<ReturnType<typeof startTakedownHarness>>;
