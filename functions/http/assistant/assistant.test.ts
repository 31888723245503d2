import { handler } from '.';
import { httpEvent, startTestDynamo } from '../../../test/env';
import { SUPPORT_EMAIL as SANDBOX_SUPPORT_EMAIL } from '../../../shared/help/support';
import { resetConfig } from '../../lib/config';
import { createSession, SESSION_COOKIE } from '../../services/sessions';

let stop: () => Promise<void>;
let cookie: string;
beforeAll(async () => {
  stop = (await startTestDynamo()).close;
  const s = await createSession({ userId: 'u1', email: 'creator@example.com', isAdmin: false });
  cookie = `${SESSION_COOKIE}=${s.cookieValue}`;
});
afterAll(() => stop());

const chat = (body: unknown, cookies?: string[]) =>
  handler(httpEvent('POST', '/api/chatbot', { body, cookies }), {} as never) as Promise<{ statusCode: number; body: string; headers: Record<string, string> }>;

describe('POST /api/chatbot', () => {
  it('refuses anonymous callers', async () => {
    expect((await chat({ message: 'hi', context: { page: '/', conversationHistory: [] } })).statusCode).toBe(401);
  });

  it('answers a help question from the help centre', async () => {
    const res = await chat({ message: 'Which file types can I upload?', context: { page: '/', conversationHistory: [] } }, [cookie]);
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.body);
    expect(body.reply).toMatch(/help centre/i);
    expect(body.reply).toMatch(/MP4/);
    expect(Array.isArray(body.suggestions)).toBe(true);
  });

  it('names the configured support inbox (SUPPORT_EMAIL), not the sandbox one', async () => {
    process.env.SUPPORT_EMAIL = 'help@acme-protect.test';
    resetConfig();
    try {
      const res = await chat({ message: 'How do I reach a human?', context: { page: '/', conversationHistory: [] } }, [cookie]);
      const body = JSON.parse(res.body);
      expect(body.reply).toContain('help@acme-protect.test');
      expect(body.reply).not.toContain(SANDBOX_SUPPORT_EMAIL);
    } finally {
      delete process.env.SUPPORT_EMAIL;
      resetConfig();
    }
  });

  it('returns suggestions for the page without a reply', async () => {
    const res = await chat({ message: '_get_suggestions', context: { page: '/search', conversationHistory: [] } }, [cookie]);
    const body = JSON.parse(res.body);
    expect(body.reply).toBe('');
    expect(body.suggestions.length).toBeGreaterThan(0);
  });

  it('refuses a message that is not a chat request with a clear 400', async () => {
    const res = await chat({ context: { page: '/' } }, [cookie]);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).fields[0].path).toMatch(/message/);
  });

  it('answers the 31st message within the hour with 429 and Retry-After; suggestions and other users are not limited', async () => {
    const s = await createSession({ userId: 'u-chatty', email: 'chatty@example.com', isAdmin: false });
    const mine = [`${SESSION_COOKIE}=${s.cookieValue}`];
    const ask = () => chat({ message: 'How do I upgrade?', context: { page: '/', conversationHistory: [] } }, mine);
    // Sequential, all in one fixed window unless the hour turns mid-test (then the count restarts: skip the check).
    const startHour = Math.floor(Date.now() / 3_600_000);
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await ask()).statusCode);
    if (Math.floor(Date.now() / 3_600_000) !== startHour) return;
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await chat({ message: '_get_suggestions', context: { page: '/', conversationHistory: [] } }, mine)).statusCode).toBe(200);
    expect((await chat({ message: 'hi', context: { page: '/', conversationHistory: [] } }, [cookie])).statusCode).toBe(200);
  });
});
