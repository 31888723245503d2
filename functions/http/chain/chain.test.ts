import { handler } from '../system';
import { httpEvent, startTestDynamo } from '../../../test/harness';
import { createSession } from '../../services/sessions';
import { resolveUserParam } from '.';
import { ForbiddenError } from '../../lib/errors';

let stop: () => Promise<void>;
beforeAll(async () => {
  stop = (await startTestDynamo()).close;
});
afterAll(() => stop());

const call = (e: ReturnType<typeof httpEvent>) => handler(e, {} as never) as Promise<{ statusCode: number; body: string; headers: Record<string, string> }>;

describe('area handler', () => {
  it('answers the health check', async () => {
    const res = await call(httpEvent('GET', '/api/health'));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok', handlers: 'source' });
  });

  it('describes every route in the OpenAPI document', async () => {
    const res = await call(httpEvent('GET', '/api/openapi.json'));
    const doc = JSON.parse(res.body);
    expect(doc.paths['/api/auth/user'].get.responses['401']).toBeDefined();
  });

  it('answers an unknown route key with 404 and a machine code', async () => {
    const res = await call(httpEvent('GET', '/api/nope'));
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body).code).toBe('NOT_FOUND');
  });

  it('refuses a state-changing call from a foreign origin before anything else', async () => {
    const res = await call(httpEvent('POST', '/api/health', { routePath: '/api/health', headers: { origin: 'https://evil.example' } }));
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body).code).toBe('CSRF_REFUSED');
  });
});

describe('resolveUserParam', () => {
  const caller = { userId: 'u1', email: 'a@b.c', isAdmin: false, sessionId: 's' };
  it('maps me and the own id to the caller', () => {
    expect(resolveUserParam(caller, 'me')).toBe('u1');
    expect(resolveUserParam(caller, 'u1')).toBe('u1');
  });
  it('refuses another user for a non-admin and allows it for an admin', () => {
    expect(() => resolveUserParam(caller, 'u2')).toThrow(ForbiddenError);
    expect(resolveUserParam({ ...caller, isAdmin: true }, 'u2')).toBe('u2');
  });
  it('creates sessions that the middleware can read back', async () => {
    const s = await createSession({ userId: 'u1', email: 'a@b.c', isAdmin: false });
    expect(s.cookieValue).toHaveLength(43);
  });
});
