import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { ulid } from 'ulid';
import { claimSubmissionAttempt, putCase, transitionCase } from '../../../services/cases/case-store';
import { reopenReappeared } from '../../../services/cases/case-transitions';
import { addLadderEntry, endCase } from '../../../services/cases/ladder';
import { nextMonthlySend } from '../../../services/reports/schedule';
import { resetConfig } from '../../../lib/config';
import { previousMonth, type PlatformReportSent } from '../../../services/reports/send-report';
import { handler as monthlyReport } from '../../../jobs/monthly-report';
import { persistResults, type NewResult } from '../../../services/search/results';
import { reviewResult } from '../../../services/search/review';
import { createSearch, finishSearch } from '../../../services/search/searches';
import { contract, type RouteDef } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { middleOfThisMonth, shiftClock, type ShiftedClock } from '../../../../test/clock';
import { session, user, type TestUser } from '../../../../test/fixtures';

let h: Harness;
/** The month stays put whenever the file runs (the reports are monthly): its clock runs on from mid-month. */
let clock: ShiftedClock;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  clock = shiftClock(middleOfThisMonth());
  h = await startHarness();
  [owner, other, admin] = [await session(), await session(), await session({ isAdmin: true })];
});
afterAll(async () => {
  await h.close();
  clock.restore();
});

const route = contract.userReport;
const adminRoute = contract.platformReport;

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', '-', '-'], { input: pdf }).toString('utf8');
/** The CSV as objects by header (the test data has no commas or quotes inside fields). */
const parse = (bytes: Buffer, _opts: { columns: true }) => {
  const [header, ...lines] = bytes.toString('utf8').trim().split('\n');
  const names = header.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i], v])));
};
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

/** Calls a report route and returns the status and the raw bytes (or the JSON error). */
async function get(route: RouteDef, who: TestUser | undefined, query: Record<string, string> = {}, id = 'me') {
  const res = await call(route, { as: who ?? 'anonymous', params: route.path.includes('{id}') ? { id } : undefined, query });
  return {
    status: res.status,
    headers: res.headers,
    bytes: res.bytes,
    json: () => res.body as { error: string; code: string; fields?: { path: string; message: string }[] },
  };
}

const result = (n: number, domain: string): NewResult => ({
  url: `https://${domain}/post/${n}`,
  contentType: 'images',
  title: `Copy ${n}`,
  confidence: 90,
  similarityScore: 0.9,
  confidenceScore: 0.9,
  priority: 'high',
  evidence: { engines: ['google'] },
});

/** A creator with a scan of 4 results (3 decided) and three cases: pending, sent, and resolved; plus one old case. */
async function seedCreator(): Promise<{ who: TestUser; cases: string[] }> {
  // A signed-up user (a profile, so the platform report finds them), signed in.
  const who = await user({ givenName: 'Jane', familyName: 'Creator' });
  const search = await createSearch({ userId: who.userId, query: 'Jane', searchEngines: ['google'], contentType: 'images' });
  const { ids } = await persistResults(search.id, [result(1, 'leaks.example'), result(2, 'leaks.example'), result(3, 'mirror.example'), result(4, 'other.example')]);
  await finishSearch(search.id, { status: 'completed', successfulEngines: ['google'], failedEngines: [] });
  for (const id of ids.slice(0, 2)) await reviewResult(who.userId, id, 'unauthorized');
  await reviewResult(who.userId, ids[2], 'safe');

  const numbers: string[] = [];
  const open = async (n: number, createdAt: string, host: string) => {
    const id = ulid();
    const caseNumber = `VGL-TEST-${who.userId.slice(-6)}-${n}`;
    await putCase({
      id,
      userId: who.userId,
      caseNumber,
      searchResultId: ids[0],
      infringingUrl: `https://${host}/post/${n}\nhttps://${host}/post/${n}b`,
      originalUrl: 'https://jane.example/work',
      description: 'My photo',
      searchEngine: 'google',
      host,
      origin: 'form',
      createdAt,
    });
    numbers.push(caseNumber);
    return id;
  };
  await open(1, daysAgo(3), 'leaks.example');
  const sent = await open(2, daysAgo(2), 'leaks.example');
  await transitionCase(sent, ['pending'], 'sent', daysAgo(1));
  const resolved = await open(3, daysAgo(5), 'mirror.example');
  await transitionCase(resolved, ['pending'], 'sent', daysAgo(4));
  await transitionCase(resolved, ['sent'], 'resolved', daysAgo(1));
  await open(4, daysAgo(90), 'ancient.example'); // outside the last 30 days
  return { who, cases: numbers };
}

describe('GET /api/user/{id}/report', () => {
  let creator: { who: TestUser; cases: string[] };
  beforeAll(async () => {
    creator = await seedCreator();
  });

  it('the last 30 days as a PDF lists the figures and each case with its status, host and notice', async () => {
    const res = await get(route, creator.who, { format: 'pdf' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="vigil-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.bytes);
    expect(text).toContain('Vigil protection report');
    expect(text).toMatch(/Scans\s+1/);
    expect(text).toMatch(/Results found\s+4/);
    expect(text).toMatch(/Results decided\s+3/);
    expect(text).toMatch(/Cases opened\s+3/);
    expect(text).toMatch(/Cases resolved\s+1/);
    for (const [n, status, host] of [[0, 'Pending', 'leaks.example'], [1, 'Sent', 'leaks.example'], [2, 'Resolved', 'mirror.example']] as const) {
      expect(text).toMatch(new RegExp(`Case ${creator.cases[n]}\\s+·\\s+${status}\\s+·\\s+${host.replace('.', '\\.')}`));
    }
    expect(text).toContain("Notice: Google's removal form");
    expect(text).toContain('https://leaks.example/post/2');
    expect(text).not.toContain(creator.cases[3]);
  });

  it('as CSV has one row per case with its status and dates', async () => {
    const res = await get(route, creator.who, { format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(res.bytes, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.case_number, r.status, r.host])).toEqual([
      [creator.cases[2], 'resolved', 'mirror.example'],
      [creator.cases[0], 'pending', 'leaks.example'],
      [creator.cases[1], 'sent', 'leaks.example'],
    ]);
    expect(rows[0]).toMatchObject({ opened: daysAgo(5).slice(0, 10), sent: daysAgo(4).slice(0, 10), resolved: daysAgo(1).slice(0, 10) });
    expect(rows[1].urls).toContain('https://leaks.example/post/1');
  });

  it('an explicit period picks the cases with any date in it', async () => {
    const old = daysAgo(90).slice(0, 10);
    const res = await get(route, creator.who, { format: 'csv', from: old, to: old });
    const rows = parse(res.bytes, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.case_number)).toEqual([creator.cases[3]]);
  });

  it('refuses anonymous (401) and another user (403); an admin may read it', async () => {
    expect((await get(route, undefined)).status).toBe(401);
    expect((await get(route, other, {}, creator.who.userId)).status).toBe(403);
    const asAdmin = await get(route, admin, { format: 'csv' }, creator.who.userId);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.bytes.toString()).toContain(creator.cases[0]);
  });

  it.each([
    [{ format: 'docx' }, "format must be 'pdf' or 'csv'."],
    [{ from: '2026-02-30' }, 'from is not a real date.'],
    [{ from: 'yesterday' }, 'from must be a date such as 2026-03-01.'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'from must not be after to.'],
    [{ from: '2024-01-01', to: '2026-01-01' }, 'A report covers at most 366 days.'],
  ])('answers 400 for %j', async (query, message) => {
    const res = await get(route, creator.who, query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.json().error).toContain(message);
  });
});

/**
 * A creator whose cases ended by the ladder (issue 23): removed on the host step after 10 h, removed on the network
 * step after 48 h and then back online, delisted only; and one still escalating.
 */
async function seedOutcomes(): Promise<{ who: TestUser; cases: string[] }> {
  const who = await user({ givenName: 'Olive', familyName: 'Outcome' });
  const search = await createSearch({ userId: who.userId, query: 'Olive', searchEngines: ['google'], contentType: 'images' });
  const { ids } = await persistResults(search.id, [result(1, 'fast.example')]);
  const hours = (iso: string, h: number) => new Date(Date.parse(iso) + h * 3_600_000).toISOString();
  const numbers: string[] = [];
  const sentCase = async (n: number, host: string, sentAt: string) => {
    const id = ulid();
    numbers.push(`VGL-OUT-${who.userId.slice(-6)}-${n}`);
    await putCase({
      id, userId: who.userId, caseNumber: numbers.at(-1)!, searchResultId: ids[0], infringingUrl: `https://${host}/post/${n}`, originalUrl: '',
      description: 'My photo', searchEngine: 'google', host, origin: 'form', createdAt: sentAt,
    });
    expect(await claimSubmissionAttempt({ id }, 1, sentAt)).toBe(true);
    expect(await transitionCase(id, ['pending'], 'sent', sentAt)).toBe(true);
    return id;
  };
  const end = async (id: string, host: string, sentAt: string, step: 'host' | 'network' | 'delisting', kind: 'removed' | 'delisted', at: string) => {
    expect(await endCase({ id, userId: who.userId, host, sentAt, ladder: { step, entries: [] } }, kind, at)).toBe(true);
    if (kind === 'removed') expect(await transitionCase(id, ['sent'], 'resolved', at)).toBe(true);
  };
  const t0 = daysAgo(6);
  const fast = await sentCase(1, 'fast.example', t0);
  await end(fast, 'fast.example', t0, 'host', 'removed', hours(t0, 10));
  const slow = await sentCase(2, 'slow.example', t0);
  await end(slow, 'slow.example', t0, 'network', 'removed', hours(t0, 48));
  expect(await reopenReappeared({ id: slow, host: 'slow.example', resolvedAt: hours(t0, 48) }, daysAgo(1))).toBe(true);
  const stubborn = await sentCase(3, 'stubborn.example', t0);
  await end(stubborn, 'stubborn.example', t0, 'delisting', 'delisted', daysAgo(2));
  const climbing = await sentCase(4, 'fast.example', daysAgo(1));
  expect(await addLadderEntry({ id: climbing }, 1, { step: 'host', action: 'sent', at: daysAgo(1), recipient: 'abuse@fast.example' })).toBe(true);
  return { who, cases: numbers };
}

describe('takedown outcomes in the reports (issue 23)', () => {
  let seeded: { who: TestUser; cases: string[] };
  beforeAll(async () => {
    seeded = await seedOutcomes();
  });

  it("the creator's PDF measures removal rate, delisted-only share, median time to removal per step and host, and copies that came back", async () => {
    const text = pdfText((await get(route, seeded.who, { format: 'pdf' })).bytes);
    expect(text).toContain('Takedown outcomes');
    for (const [label, value] of [
      ['Cases ended', '3'],
      ['removed at the source', '2'],
      ['delisted only', '1'],
      ['Removal rate', '67%'],
      ['Delisted-only share', '33%'],
      ['Median time to removal', '29 h'],
      ['Copies that came back', '1'],
      ['Still escalating', '1'],
    ]) expect(text).toMatch(new RegExp(`${label}\\s+${value}\\n`));
    expect(text).toMatch(/The host's abuse contact or DMCA agent\s+1\s+10 h/);
    expect(text).toMatch(/The network hosting its IP address\s+1\s+2 days/);
    expect(text).toMatch(/slow\.example\s+1\s+2 days/);
    expect(text).toContain('Outcome: Delisted only (Search-engine delisting)');
    expect(text).toContain('Outcome: still escalating');
  });

  it("the creator's CSV gives each case its outcome, step and hours from the notice", async () => {
    const rows = parse((await get(route, seeded.who, { format: 'csv' })).bytes, { columns: true }) as Record<string, string>[];
    expect(Object.fromEntries(rows.map((r) => [r.case_number, [r.outcome, r.outcome_step, r.hours_to_outcome]]))).toEqual({
      [seeded.cases[0]!]: ['removed', 'host', '10'],
      [seeded.cases[1]!]: ['removed', 'network', '48'],
      [seeded.cases[2]!]: ['delisted', 'delisting', '96'],
      [seeded.cases[3]!]: ['escalating', '', ''],
    });
  });

  it("the platform report and the admin dashboard's figures count the copies that came back", async () => {
    const text = pdfText((await get(adminRoute, admin, { format: 'pdf' })).bytes);
    expect(text).toMatch(/Copies that came back\s+[1-9]/);
    expect(text).not.toContain('slow.example/post');
    const platform = await call(contract.adminOutcomes, { as: admin });
    expect(platform.status).toBe(200);
    expect(platform.body.cameBack).toBeGreaterThanOrEqual(1);
    expect((await call(contract.caseOutcomes, { as: seeded.who, params: { id: 'me' } })).body).toMatchObject({ removed: 2, delisted: 1, cameBack: 1, open: 1 });
  });
});

describe('GET /api/admin/report', () => {
  it('gives an admin the figures across creators without URLs or identities', async () => {
    const { who, cases } = await seedCreator();
    const csv = await get(adminRoute, admin, { format: 'csv' });
    expect(csv.status).toBe(200);
    const rows = parse(csv.bytes, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).not.toContain('urls');
    expect(rows.map((r) => r.case_number)).toEqual(expect.arrayContaining(cases.slice(0, 3)));
    expect(csv.bytes.toString()).not.toContain('https://');
    expect(csv.bytes.toString()).not.toContain(who.userId);
    expect(csv.bytes.toString()).not.toMatch(/Jane|example\.test/);

    const pdf = await get(adminRoute, admin, { format: 'pdf' });
    const text = pdfText(pdf.bytes);
    expect(text).toContain('Vigil platform report');
    expect(text).toMatch(/Creators with activity\s+\d+/);
    expect(text).not.toContain('https://');
  });

  it('refuses a creator (403) and anonymous (401)', async () => {
    expect((await get(adminRoute, owner)).status).toBe(403);
    expect((await get(adminRoute, undefined)).status).toBe(401);
  });
});

describe('the monthly platform report by e-mail', () => {
  let outbox: string;
  beforeAll(() => {
    outbox = mkdtempSync(join(tmpdir(), 'vigil-report-outbox-'));
    Object.assign(process.env, { OUTBOX_DIR: outbox, REPORT_RECIPIENTS: 'ops@vigil.example, boss@vigil.example' });
    resetConfig();
  });
  afterAll(() => {
    delete process.env.OUTBOX_DIR;
    delete process.env.REPORT_RECIPIENTS;
    resetConfig();
  });
  const mails = async () => Promise.all(readdirSync(outbox).map((f) => simpleParser(readFileSync(join(outbox, f)))));

  it('covers the previous calendar month', () => {
    expect(previousMonth(new Date('2026-03-01T06:00:00Z'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousMonth(new Date('2026-01-15T00:00:00Z'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('Schedule Report turns the monthly e-mail on and off; only administrators see or change it', async () => {
    const off = await call(contract.reportSchedule, { as: admin });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ enabled: false, nextSendAt: null, recipients: ['ops@vigil.example', 'boss@vigil.example'], updatedAt: null });

    const on = await call(contract.setReportSchedule, { as: admin, body: { enabled: true } });
    expect(on.status).toBe(200);
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + (now.getUTCDate() === 1 && now.getUTCHours() < 6 ? 0 : 1), 1, 6)).toISOString();
    expect(on.body).toMatchObject({ enabled: true, nextSendAt: next, updatedAt: expect.any(String) });
    expect((await call(contract.reportSchedule, { as: admin })).body).toMatchObject({ enabled: true, nextSendAt: next });

    expect((await call(contract.reportSchedule, { as: owner })).status).toBe(403);
    expect((await call(contract.setReportSchedule, { as: owner, body: { enabled: false } })).status).toBe(403);
    expect((await call(contract.setReportSchedule, { as: 'anonymous', body: { enabled: false } })).status).toBe(401);
    const bad = await call(contract.setReportSchedule, { as: admin, body: { enabled: 'yes' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('enabled');
    expect((await call(contract.reportSchedule, { as: admin })).body).toMatchObject({ enabled: true });
  });

  it('the next send is 06:00 UTC on the 1st, today when it is the 1st before then', () => {
    expect(nextMonthlySend(new Date('2026-11-27T14:00:00Z'))).toBe('2026-12-01T06:00:00.000Z');
    expect(nextMonthlySend(new Date('2026-12-01T05:59:00Z'))).toBe('2026-12-01T06:00:00.000Z');
    expect(nextMonthlySend(new Date('2026-12-01T06:00:00Z'))).toBe('2027-01-01T06:00:00.000Z');
  });

  it('the scheduled job e-mails the PDF and CSV to the administrators when scheduled, and nothing when not', async () => {
    await seedCreator();
    const now = new Date();
    const time = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 6)).toISOString();
    expect((await call(contract.setReportSchedule, { as: admin, body: { enabled: false } })).status).toBe(200);
    const before = (await mails()).length;
    expect(await monthlyReport({ time })).toEqual({ sent: false, reason: 'not scheduled' });
    expect((await mails()).length).toBe(before);

    expect((await call(contract.setReportSchedule, { as: admin, body: { enabled: true } })).status).toBe(200);
    const sent = (await monthlyReport({ time })) as PlatformReportSent;
    expect(sent.recipients).toEqual(['ops@vigil.example', 'boss@vigil.example']);
    const [mail] = (await mails()).filter((m) => m.headers.get('x-vigil-report') === `${sent.period.from}/${sent.period.to}`);
    expect(mail.subject).toBe(`Vigil platform report ${sent.period.from} to ${sent.period.to}`);
    expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'text/csv']);
    expect(pdfText(mail.attachments[0].content)).toMatch(/Cases opened\s+[1-9]/);
    expect(mail.text).toMatch(/^Takedowns ended: \d+ \(removal rate .*\); came back: \d+; still escalating: \d+$/m);
  });

  it("the admin's send-now route sends the same report; creators are refused", async () => {
    const res = await get(contract.sendReportNow, admin);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.bytes.toString()).recipients).toHaveLength(2);
    expect((await get(contract.sendReportNow, owner)).status).toBe(403);
    expect((await mails()).length).toBe(2);
  });
});
