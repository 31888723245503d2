import type { ParsedMail } from 'mailparser';
import { contract } from '../../../../shared/contract';
import type { AlertMode } from '../../../../shared/schemas/monitor';
import { monitor, user, type TestUser } from '../../../../test/fixtures';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { raiseAlert, sendDueDigests } from '../../../services/monitors/alerts';
import { getMonitor } from '../../../services/monitors/monitors';

/*
 * Alert e-mail by the monitor's setting (issue 11): `instant` mails once when raised, `daily` waits for the
 * user's digest, `off` is the bell only. A digest about several monitors unsubscribes from all of them with
 * its List-Unsubscribe (RFC 8058 one-click POST, no session) and lists a link per monitor.
 */

let h: Harness;
const DAY = 86_400_000;

beforeAll(async () => {
  h = await startHarness({ outbox: true, env: { PUBLIC_URL: 'http://localhost:3999' } });
});
afterAll(() => h.close());

async function mailsTo(who: TestUser): Promise<ParsedMail[]> {
  return (await h.outboxMails()).filter((m) => m.headers.has('x-vigil-alert') && m.to && !Array.isArray(m.to) && m.to.value[0]?.address === who.email);
}

/** One new-results alert of a run of `m`, listing `url`. */
async function alertFor(m: Awaited<ReturnType<typeof monitor>>, runId: string, url: string, at: Date) {
  return raiseAlert(m, { kind: 'new-results', searchId: runId, title: `Vigil: 1 new copy found by "${m.name}"`, items: [{ url, confidence: 91 }] }, at);
}

const header = (mail: ParsedMail, name: string) => mail.headerLines.find((l) => l.key === name)?.line ?? '';
const listUnsubscribe = (mail: ParsedMail) => /<([^>]+)>/.exec(header(mail, 'list-unsubscribe'))![1]!;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const alertsOf = async (id: string): Promise<AlertMode | undefined> => (await getMonitor(id))?.alerts;

describe('alert e-mail by setting', () => {
  it('mails instant alerts once, holds daily ones for the digest and never mails an off monitor\'s alerts', async () => {
    const creator = await user({ email: 'modes@alerts.test' });
    const instant = await monitor(creator, { name: 'Instant watch', alerts: 'instant' });
    const daily = await monitor(creator, { name: 'Daily watch', alerts: 'daily' });
    const off = await monitor(creator, { name: 'Quiet watch', alerts: 'off' });
    const now = new Date();
    await alertFor(instant, 'RUN-INSTANT', 'https://leaks.example/instant', now);
    await alertFor(off, 'RUN-OFF', 'https://leaks.example/off', now);
    await alertFor(daily, 'RUN-DAILY', 'https://leaks.example/daily', now);

    // Instant: one mail at once. Daily and off: nothing yet.
    const first = await mailsTo(creator);
    expect(first.map((m) => m.subject)).toEqual(['Vigil: 1 new copy found by "Instant watch"']);

    // Not due before a day has passed; then one digest with the daily monitor's alert only.
    expect(await sendDueDigests(new Date(now.getTime() + DAY - 60_000), 10)).toBe(0);
    expect(await sendDueDigests(new Date(now.getTime() + DAY + 1000), 10)).toBe(1);
    const mails = await mailsTo(creator);
    expect(mails).toHaveLength(2);
    const digest = mails.find((m) => m !== mails.find((x) => x.subject?.includes('Instant watch')))!;
    expect(digest.text).toContain('https://leaks.example/daily');
    expect(digest.text).not.toContain('https://leaks.example/off');
    expect(digest.text).not.toContain('https://leaks.example/instant');
    expect(header(digest, 'x-vigil-alert')).toBe('X-Vigil-Alert: RUN-DAILY-new-results');

    // Later digests mail nothing again: the off alert stays bell-only, the others were mailed once.
    await alertFor(daily, 'RUN-DAILY-2', 'https://leaks.example/daily-2', new Date(now.getTime() + 2 * DAY));
    expect(await sendDueDigests(new Date(now.getTime() + 4 * DAY), 10)).toBe(1);
    const last = (await mailsTo(creator)).filter((m) => !mails.some((x) => x.messageId === m.messageId));
    expect(last).toHaveLength(1);
    expect(last[0]!.text).toContain('https://leaks.example/daily-2');
    expect(last[0]!.text).not.toMatch(/leaks\.example\/(off|instant|daily\n)/);
    expect((await mailsTo(creator)).filter((m) => m.text?.includes('https://leaks.example/off'))).toEqual([]);

    // The bell shows all four alerts, mailed or not.
    const bell = (await call(contract.listAlerts, { as: creator, params: { id: 'me' } })).body;
    expect(bell.alerts.map((a: { searchId: string }) => a.searchId).sort()).toEqual(['RUN-DAILY', 'RUN-DAILY-2', 'RUN-INSTANT', 'RUN-OFF']);
  });

  it('leaves a digest\'s alert unmailed when its monitor was turned off before the digest went out', async () => {
    const creator = await user({ email: 'switched@alerts.test' });
    const daily = await monitor(creator, { name: 'Switched watch', alerts: 'daily' });
    const now = new Date();
    await alertFor(daily, 'RUN-SWITCHED', 'https://leaks.example/switched', now);
    await call(contract.updateMonitor, { as: creator, params: { id: daily.id }, body: { alerts: 'off' } });
    expect(await sendDueDigests(new Date(now.getTime() + DAY + 1000), 10)).toBe(0);
    expect(await mailsTo(creator)).toEqual([]);
  });
});

describe('a digest about several monitors', () => {
  it('unsubscribes from every monitor in it with one click (no session), and lists a link per monitor', async () => {
    const creator = await user({ email: 'digest@alerts.test' });
    const a = await monitor(creator, { name: 'Alpha', alerts: 'daily' });
    const b = await monitor(creator, { name: 'Beta', alerts: 'daily' });
    const outside = await monitor(creator, { name: 'Gamma', alerts: 'daily' }); // no alert: not in the digest
    const now = new Date();
    await alertFor(a, 'RUN-A', 'https://leaks.example/a', now);
    await alertFor(b, 'RUN-B', 'https://leaks.example/b', now);
    expect(await sendDueDigests(new Date(now.getTime() + DAY + 1000), 10)).toBe(1);
    const [digest] = await mailsTo(creator);
    expect(digest!.subject).toBe('Vigil daily digest: 2 items from your monitors');
    expect(header(digest!, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // One link per monitor in the body, each naming that monitor alone.
    const perMonitor = new Map([...digest!.text!.matchAll(/Turn off alerts for "(\w+)": (\S+)/g)].map((m) => [m[1]!, tokenOf(m[2]!)]));
    expect([...perMonitor.keys()].sort()).toEqual(['Alpha', 'Beta']);
    const alphaToken = perMonitor.get('Alpha')!;
    expect(alphaToken.startsWith(`${a.id}.`)).toBe(true);
    expect(perMonitor.get('Beta')!.startsWith(`${b.id}.`)).toBe(true);

    // The per-monitor link turns that monitor off alone.
    expect((await call(contract.unsubscribe, { as: 'anonymous', query: { token: alphaToken }, body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    expect([await alertsOf(a.id), await alertsOf(b.id)]).toEqual(['off', 'daily']);
    await call(contract.updateMonitor, { as: creator, params: { id: a.id }, body: { alerts: 'daily' } });

    // The header's link names both; the confirming page lists both; a changed signature is refused.
    const token = tokenOf(listUnsubscribe(digest!));
    expect(token.split('.')[0]!.split('_').sort()).toEqual([a.id, b.id].sort());
    expect(token.split('.')[1]).toBe(creator.userId);
    const page = await call(contract.unsubscribePage, { as: 'anonymous', query: { token } });
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/the monitors (“Alpha”, “Beta”|“Beta”, “Alpha”)/);
    const forged = `${token.split('.')[0]}_${outside.id}.${creator.userId}.${token.split('.')[2]}`;
    expect((await call(contract.unsubscribe, { as: 'anonymous', query: { token: forged }, body: 'List-Unsubscribe=One-Click' })).status).toBe(400);
    expect((await call(contract.unsubscribe, { as: 'anonymous', query: { token: `${token.slice(0, -2)}xx` } })).status).toBe(400);
    expect([await alertsOf(a.id), await alertsOf(b.id), await alertsOf(outside.id)]).toEqual(['daily', 'daily', 'daily']);

    // One-click POST without a session: both monitors in the digest are off; the one not in it keeps its alerts.
    const done = await call(contract.unsubscribe, { as: 'anonymous', query: { token }, body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect(done.body).toContain('these monitors');
    expect([await alertsOf(a.id), await alertsOf(b.id), await alertsOf(outside.id)]).toEqual(['off', 'off', 'daily']);
  });

  it('keeps the one-monitor footer and link for a mail about one monitor', async () => {
    const creator = await user({ email: 'single@alerts.test' });
    const m = await monitor(creator, { name: 'Solo', alerts: 'instant' });
    await alertFor(m, 'RUN-SOLO', 'https://leaks.example/solo', new Date());
    const [mail] = await mailsTo(creator);
    expect(mail!.text).toContain('You get this because alerts are on for the monitor "Solo".');
    expect(tokenOf(listUnsubscribe(mail!))).toMatch(new RegExp(`^${m.id}\\.${creator.userId}\\.`));
  });

  it("accepts a mail provider's RFC 8058 POST (another origin, form body) authenticated by the token alone", async () => {
    const creator = await user({ email: 'provider@alerts.test' });
    const m = await monitor(creator, { name: 'Provider', alerts: 'instant' });
    await alertFor(m, 'RUN-PROVIDER', 'https://leaks.example/provider', new Date());
    const [mail] = await mailsTo(creator);
    const token = tokenOf(listUnsubscribe(mail!));
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.provider.example', 'sec-fetch-site': 'cross-site' };

    // Not the one-click body, or a forged token: refused, nothing changes.
    const noBody = await call(contract.unsubscribe, { as: 'anonymous', query: { token }, headers: form, body: 'hello=1' });
    expect(noBody.status).toBe(400);
    const forged = await call(contract.unsubscribe, { as: 'anonymous', query: { token: `${token.slice(0, -2)}xx` }, headers: form, body: 'List-Unsubscribe=One-Click' });
    expect(forged.status).toBe(400);
    expect(await alertsOf(m.id)).toBe('instant');

    // The provider's POST: no Origin of ours, no Sec-Fetch-Site, a form body. Accepted.
    const done = await call(contract.unsubscribe, { as: 'anonymous', query: { token }, headers: form, body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect(await alertsOf(m.id)).toBe('off');
  });
});
