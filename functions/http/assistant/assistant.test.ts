import { contract } from '../../../shared/contract';
import { session, type TestUser } from '../../../test/fixtures';
import { call, startHarness, type Harness } from '../../../test/harness';
import { SUPPORT_EMAIL as SANDBOX_SUPPORT_EMAIL } from '../../../shared/help/support';
import { resetConfig } from '../../lib/config';

let h: Harness;
let creator: TestUser;
beforeAll(async () => {
  h = await startHarness();
  creator = await session({ userId: 'u1', email: 'creator@example.com' });
});
afterAll(() => h.close());

const chat = (body: unknown, as?: TestUser) => call(contract.chat, { as, body });

describe('POST /api/chatbot', () => {
  it('refuses anonymous callers', async () => {
    expect((await chat({ message: 'hi', context: { page: '/', conversationHistory: [] } })).status).toBe(401);
  });

  it('answers a help question from the help centre', async () => {
    const res = await chat({ message: 'Which file types can I upload?', context: { page: '/', conversationHistory: [] } }, creator);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.reply).toMatch(/help centre/i);
    expect(body.reply).toMatch(/MP4/);
    expect(Array.isArray(body.suggestions)).toBe(true);
  });

  it('names the configured support inbox (SUPPORT_EMAIL), not the sandbox one', async () => {
    process.env.SUPPORT_EMAIL = 'help@acme-protect.test';
    resetConfig();
    try {
      const res = await chat({ message: 'How do I reach a human?', context: { page: '/', conversationHistory: [] } }, creator);
      const body = res.body;
      expect(body.reply).toContain('help@acme-protect.test');
      expect(body.reply).not.toContain(SANDBOX_SUPPORT_EMAIL);
    } finally {
      delete process.env.SUPPORT_EMAIL;
      resetConfig();
    }
  });

  it('returns suggestions for the page without a reply', async () => {
    const res = await chat({ message: '_get_suggestions', context: { page: '/search', conversationHistory: [] } }, creator);
    const body = res.body;
    expect(body.reply).toBe('');
    expect(body.suggestions.length).toBeGreaterThan(0);
  });

  it('refuses a message that is not a chat request with a clear 400', async () => {
    const res = await chat({ context: { page: '/' } }, creator);
    expect(res.status).toBe(400);
    expect(res.body.fields[0].path).toMatch(/message/);
  });

  it('answers the 31st message within the hour with 429 and Retry-After; suggestions and other users are not limited', async () => {
    const mine = await session({ userId: 'u-chatty', email: 'chatty@example.com' });
    const ask = () => chat({ message: 'How do I upgrade?', context: { page: '/', conversationHistory: [] } }, mine);
    // Sequential, all in one fixed window unless the hour turns mid-test (then the count restarts: skip the check).
    const startHour = Math.floor(Date.now() / 3_600_000);
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await ask()).status);
    if (Math.floor(Date.now() / 3_600_000) !== startHour) return;
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await chat({ message: '_get_suggestions', context: { page: '/', conversationHistory: [] } }, mine)).status).toBe(200);
    expect((await chat({ message: 'hi', context: { page: '/', conversationHistory: [] } }, creator)).status).toBe(200);
  });
});
