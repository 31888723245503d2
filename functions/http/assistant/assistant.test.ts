import { handler } from '.';
import { httpEvent, startTestDynamo } from '../../../test/env';
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
  handler(httpEvent('POST', '/api/chatbot', { body, cookies }), {} as never) as Promise<{ statusCode: number; body: string }>;

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
});
