import { contract } from '../../../shared/contract';
import { aResult, monitor, openCase, reviewedResult, session, user, type TestUser } from '../../../test/fixtures';
import { takeAllowance } from '../../services/allowances';
import { claimSubmissionAttempt, getCase, updateSubmission } from '../../services/cases/case-store';
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

describe('POST /api/chatbot: the assistant that knows the account (issue 26)', () => {
  let owner: TestUser;
  let other: TestUser;
  let caseNumber: string;
  const ask = (message: string, as: TestUser) => chat({ message, context: { page: '/', conversationHistory: [] } }, as);

  beforeAll(async () => {
    owner = await user({ plan: 'pro' });
    other = await user();
    // Three scans counted this month, as the gate counts them.
    for (let i = 0; i < 3; i++) await takeAllowance(owner.userId, 'scans');
    const { resultId } = await reviewedResult(owner, aResult('assistant-1'));
    const created = await openCase(owner, {
      searchResultId: resultId,
      infringingUrl: 'https://leaks.test/thread/assistant-1',
      description: 'My photo set',
      searchEngine: 'google',
    });
    caseNumber = created.caseNumber;
    const at = new Date().toISOString();
    expect(await claimSubmissionAttempt(created, 1, at)).toBe(true);
    await updateSubmission(created.id, 1, { state: 'no-contact', error: 'No abuse or DMCA contact was found for leaks.test.' }, {
      escalation: { flagged: true, reason: 'No contact found for leaks.test', checkedAt: at },
    });
    expect((await getCase(created.id))?.submission?.state).toBe('no-contact');
    await monitor(owner, { name: 'Weekly watch' });
  });

  it("answers 'how many scans do I have left' with the caller's own figure and plan", async () => {
    const res = await ask('How many scans do I have left?', owner);
    expect(res.status).toBe(200);
    expect(res.body.reply).toContain('Pro plan');
    expect(res.body.reply).toContain('337 scans left this month (3 of 340 used)');
    const trial = await ask('How many scans do I have left?', other);
    expect(trial.body.reply).toContain('3 scans left this month (0 of 3 used)');
  });

  it('explains why a case failed, and never shows another user their case', async () => {
    const mine = await ask(`Why did my case ${caseNumber} fail?`, owner);
    expect(mine.body.reply).toContain(`Case ${caseNumber} (leaks.test) is pending`);
    expect(mine.body.reply).toContain('found no contact to send the notice to: No abuse or DMCA contact was found for leaks.test');
    const theirs = await ask(`Why did my case ${caseNumber} fail?`, other);
    expect(theirs.body.reply).toBe(`I found no case ${caseNumber} in your account. Your case numbers are on the Cases page.`);
    expect(theirs.body.reply).not.toContain('leaks.test');
    expect((await ask('Which of my cases are escalated?', other)).body.reply).toMatch(/None of your cases needs follow-up/);
    expect((await ask('Which of my cases are escalated?', owner)).body.reply).toContain(`1 case needs follow-up. Case ${caseNumber}`);
  });

  it('lists the caller\'s own cases, monitors and scans', async () => {
    expect((await ask('How many cases do I have?', owner)).body.reply).toContain(`You have 1 case: 1 pending. The newest: ${caseNumber} (leaks.test, pending)`);
    expect((await ask('How many cases do I have?', other)).body.reply).toMatch(/You have no DMCA cases yet/);
    expect((await ask('What are my monitors doing?', owner)).body.reply).toMatch(/^You have 1 monitor: "Weekly watch" \(weekly, next run/);
    expect((await ask('Show my recent scans', owner)).body.reply).toMatch(/^Your newest 1 scan: "Test Creator" on .*: completed, 1 result\.$/);
    expect((await ask('Show my recent scans', other)).body.reply).toMatch(/You have not run a scan yet/);
  });

  it('answers capability questions as the product works', async () => {
    expect((await ask('Do you offer face recognition?', owner)).body.reply).toMatch(/Likeness tab/);
    expect((await ask('Can Vigil detect my videos?', owner)).body.reply).toMatch(/fetches a few frames spread over the clip/);
    expect((await ask('Can you delist my copies from Google search results?', owner)).body.reply).toMatch(/agent files the delisting requests/);
  });
});
