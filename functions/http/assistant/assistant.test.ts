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

/** Every fake of jest's timers but Date: a test fixes the clock and the stand-ins' timers and I/O run for real. */
const NOT_DATE = [
  'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback',
  'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout',
] as const;

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
    // The clock stands one minute into the current hour for the whole test (only Date is faked: timers and I/O
    // run as usual), so all 31 messages fall in one window whenever the test runs.
    const hourStart = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    jest.useFakeTimers({ now: hourStart + 60_000, doNotFake: [...NOT_DATE] });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) codes.push((await ask()).status);
      expect(codes.slice(0, 30)).toEqual(Array(30).fill(200));
      expect(codes[30]).toBe(429);
      const refused = await ask();
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect(refused.headers['retry-after']).toBe('3540'); // the 59 minutes left in the hour
      expect((await chat({ message: '_get_suggestions', context: { page: '/', conversationHistory: [] } }, mine)).status).toBe(200);
      expect((await chat({ message: 'hi', context: { page: '/', conversationHistory: [] } }, creator)).status).toBe(200);
      // The next hour is a new window.
      jest.setSystemTime(hourStart + 3_600_000 + 1000);
      expect((await ask()).status).toBe(200);
    } finally {
      jest.useRealTimers();
    }
  });
});
