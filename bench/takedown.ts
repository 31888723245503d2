/**
 * The takedown loop end to end (issue 23):
 *   npm run bench:takedown -- [--references N] [--wait SECONDS] [--out FILE]
 * Starts the real local runtime in this process with the ladder's waits shortened (RECHECK_AFTER_SECONDS), signs a
 * creator and the company's agent in through the real OIDC flow, scans the sandbox with N of the demo originals
 * (the sandbox plants copies of each on hosts of every takedown policy), reviews (every matched result not on the
 * creator's own site is unauthorized), submits in bulk, and lets the escalation ladder run to its end while the
 * agent files every delisting request the queue shows (through the sandbox engines' removal form, then "Filed" in
 * the console) and records every counter-notice a host forwards. Then it reads the cases, the outbox and the
 * sandbox and reports the outcome counts and the notice hygiene figures. The exit code is 0 even when a goal is
 * missed.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import { LADDER_STEPS, splitResultUrls, type DmcaCase } from '../shared/schemas/cases';
import { signIn, TestBrowser } from '../local/tests/support/browser';
import { OUT_DIR, writeReport } from './support/output';
import { median } from './support/stats';
import { renderTable } from './support/table';

const log = (...parts: unknown[]) => process.stderr.write(parts.join(' ') + '\n');
const OWN_SITE = 'lunavale.example';

class Client {
  private constructor(readonly browser: TestBrowser) {}
  static async signIn(baseUrl: string, email: string): Promise<Client> {
    const browser = new TestBrowser(baseUrl);
    await signIn(browser, email, 'benchmark-password');
    return new Client(browser);
  }
  // The bench reads the API's JSON loosely: each figure below names the fields it uses.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async call(method: string, p: string, body?: unknown): Promise<{ status: number; body: any }> {
    const url = new URL(p, this.browser.baseUrl).href;
    const cookie = await this.browser.jar.getCookieString(url);
    const isForm = body instanceof FormData;
    const res = await fetch(url, {
      method,
      headers: { origin: this.browser.baseUrl, ...(cookie ? { cookie } : {}), ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: isForm ? body : JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed };
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      references: { type: 'string', default: '3' },
      wait: { type: 'string', default: '2' },
      out: { type: 'string', default: path.join(OUT_DIR, 'takedown.json') },
    },
  });
  const refs = Number(values.references);
  const wait = Number(values.wait);
  if (!(refs >= 1 && refs <= 4)) throw new Error('--references must be 1 to 4 (the demo originals)');
  const outbox = mkdtempSync(path.join(tmpdir(), 'vigil-takedown-outbox-'));
  Object.assign(process.env, {
    RECHECK_AFTER_SECONDS: String(wait),
    OUTBOX_DIR: outbox,
    AGENT_EMAILS: 'agent@bench.test',
    // A re-uploading host puts the copy back soon after its removal, so the run sees copies come back.
    SANDBOX_REUPLOAD_AFTER_MS: String(wait * 1000 * 12),
    LOG_LEVEL: 'ERROR',
  });
  const { startServer } = await import('../local/server');
  const app = await startServer({ port: 0, inMemory: true, env: { LOG_LEVEL: 'ERROR' } });
  const t0 = Date.now();
  try {
    const creator = await Client.signIn(app.url, 'creator@bench.test');
    const agent = await Client.signIn(app.url, 'agent@bench.test');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const sandbox = (p: string, init?: RequestInit) => fetch(`${app.url}/sandbox${p}`, init).then((r) => r.json() as Promise<any>);
    must(await creator.call('POST', '/api/subscription/upgrade', { planId: 'enterprise' }), 'upgrade');
    must(
      await creator.call('PUT', '/api/user/me/content-creator', {
        contentCreatorName: 'Bench Creator',
        contentCreatorEmail: 'creator@bench.test',
        contentCreatorPhone: '',
        contentCreatorAddress: '1 Bench Street',
      }),
      'creator details',
    );

    // Scan with N originals: the sandbox plants their copies on its hosts.
    const form = new FormData();
    form.append('query', 'Luna Vale');
    form.append('searchEngines', JSON.stringify(['google', 'bing']));
    form.append('contentType', 'images');
    for (let n = 1; n <= refs; n++) {
      const bytes = await fetch(`${app.url}/sandbox/demo/originals/${n}.jpg`).then((r) => r.arrayBuffer());
      form.append('referenceFiles', new Blob([bytes], { type: 'image/jpeg' }), `luna-${n}.jpg`);
    }
    const started = must(await creator.call('POST', '/api/search', form), 'scan');
    const searchId = started.body.id as string;
    for (;;) {
      const s = await creator.call('GET', `/api/search/${searchId}`);
      if (s.body.status !== 'running' && s.body.status !== 'pending') break;
      await sleep(500);
    }
    const results = must(await creator.call('GET', `/api/search/${searchId}/results`), 'results').body as Array<{ id: string; url: string; domain: string; confidenceScore: number; priority: string }>;
    // Review: every matched result not on the creator's own site is unauthorized; the own site is safe.
    const copies = results.filter((r) => r.domain !== OWN_SITE && r.confidenceScore >= 0.7 && r.priority === 'high');
    const own = results.filter((r) => r.domain === OWN_SITE);
    if (copies.length) must(await creator.call('PUT', '/api/search-results/review', { ids: copies.map((r) => r.id), status: 'unauthorized' }), 'review');
    if (own.length) must(await creator.call('PUT', '/api/search-results/review', { ids: own.map((r) => r.id), status: 'safe' }), 'review own');
    log(`scan ${searchId}: ${results.length} results, ${copies.length} copies to take down`);

    const bulk = must(
      await creator.call('POST', '/api/dmca/bulk-submit', { searchResultIds: copies.map((r) => r.id), platforms: ['google'] }),
      'bulk submission',
    );
    const batchStart = Date.now();
    log(`bulk: ${bulk.body.successfulSubmissions} of ${bulk.body.processedViolations} accepted`);
    for (const i of (bulk.body.items as Array<{ accepted: boolean; reason?: string }>).filter((x) => !x.accepted)) log(`  left out: ${i.reason}`);

    // The ladder runs; the agent works the queue and records counter-notices as hosts forward them.
    const recorded = new Set<string>();
    const deadline = Date.now() + 30 * wait * 1000 + 120_000;
    let list: DmcaCase[] = [];
    for (;;) {
      list = (await creator.call('GET', '/api/user/me/dmca')).body as DmcaCase[];
      for (const engine of ['google', 'bing']) {
        const queue = (await agent.call('GET', `/api/agent/delisting?engine=${engine}`)).body as Array<{ id: string; url: string; status: string }>;
        for (const d of queue.filter((x) => x.status === 'queued')) {
          const filed = await sandbox(`/engines/${engine}/removals`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ urls: [d.url] }) });
          await agent.call('POST', `/api/agent/delisting/${d.id}/filed`, { reference: filed.reference });
        }
      }
      const { counterNotices } = (await sandbox('/control/counter-notices')) as { counterNotices: Array<{ url: string; by: string; statement: string; at: string }> };
      for (const cn of counterNotices) {
        if (recorded.has(cn.url)) continue;
        const c = list.find((x) => x.infringingUrl.split('\n').includes(cn.url));
        if (!c) continue;
        const r = await agent.call('POST', `/api/agent/cases/${c.id}/counter-notice`, { by: cn.by, receivedAt: cn.at.slice(0, 10), statement: cn.statement });
        if (r.status === 200 || r.status === 409) recorded.add(cn.url);
      }
      const open = list.filter((c) => !c.outcome);
      if ((list.length > 0 && open.length === 0) || Date.now() > deadline) break;
      await sleep(500);
    }
    const loopSeconds = (Date.now() - batchStart) / 1000;

    // Where every copy stands now, and which come back after their removal.
    const policyOf = async (url: string) => ((await sandbox(`/control/policy?url=${encodeURIComponent(url)}`)) as { policy: string }).policy;
    const online = async (url: string) => (await fetch(url)).status === 200;
    const rows = await Promise.all(list.map(async (c) => ({ c, url: c.infringingUrl.split('\n')[0]!, policy: await policyOf(c.infringingUrl.split('\n')[0]!) })));
    await sleep(wait * 1000 * 13);
    const after = await Promise.all(rows.map(async (r) => ({ ...r, online: await online(r.url) })));

    // The notices the outbox holds, each tied to its case by the X-Vigil-Case header (the agent's counter-notice
    // e-mails to the creator are not notices). A notice names its case's infringing URLs.
    const resultUrls = new Set(results.flatMap((r) => splitResultUrls(r.url)));
    const byNumber = new Map(list.map((c) => [c.caseNumber, c]));
    const mails = await Promise.all(readdirSync(outbox).filter((f) => f.endsWith('.eml')).map((f) => simpleParser(readFileSync(path.join(outbox, f)))));
    const notices = mails.filter((m) => !/^Counter-notice/.test(m.subject ?? ''));
    const pairs = new Map<string, number>();
    let unfound = 0;
    let ownNotices = 0;
    for (const m of notices) {
      const to = m.to && !Array.isArray(m.to) ? m.to.value.map((v) => v.address ?? '').join(',') : '';
      const header = m.headers.get('x-vigil-case');
      const numbers = typeof header === 'string' ? header.split(/[\s,]+/).filter(Boolean) : [];
      for (const n of numbers) {
        const c = byNumber.get(n);
        if (!c) continue;
        const urls = c.infringingUrl.split('\n');
        pairs.set(`${to} ${n}`, (pairs.get(`${to} ${n}`) ?? 0) + 1);
        if (urls.some((u) => !resultUrls.has(u))) unfound++;
        if (urls.some((u) => u.includes(`/sites/${OWN_SITE}/`))) ownNotices++;
      }
    }
    // The bulk batch's own messages: the first rung's notices, per recipient.
    const firstRung = new Map<string, Set<string>>();
    for (const m of notices) {
      const to = m.to && !Array.isArray(m.to) ? m.to.value.map((v) => v.address ?? '').join(',') : '';
      const header = m.headers.get('x-vigil-case');
      const c = typeof header === 'string' ? byNumber.get(header.split(/[\s,]+/)[0]!) : undefined;
      if (!c || c.ladder?.entries.find((e) => e.step === 'host' && e.action === 'sent')?.recipient !== to) continue;
      firstRung.set(to, new Set([...(firstRung.get(to) ?? []), m.messageId ?? String(m.date)]));
    }
    const openStates: Record<string, number> = {};
    for (const c of list.filter((x) => !x.outcome)) {
      const k = `${c.submission?.state ?? 'none'}${c.submission?.error ? `: ${c.submission.error.slice(0, 80)}` : ''}`;
      openStates[k] = (openStates[k] ?? 0) + 1;
    }
    const removed = after.filter((r) => r.c.outcome?.kind === 'removed');
    const report = {
      references: refs,
      waitSeconds: wait,
      copies: list.length,
      removedAtSource: removed.length,
      delistedOnly: after.filter((r) => r.c.outcome?.kind === 'delisted').length,
      counterNoticed: after.filter((r) => r.c.outcome?.kind === 'counter-noticed').length,
      stopped: after.filter((r) => r.c.outcome?.kind === 'stopped').length,
      stillOnline: after.filter((r) => r.online && r.c.outcome?.kind !== 'removed').length,
      yieldingStillOnline: after.filter((r) => r.online && r.policy !== 'ignores-everyone' && r.c.outcome?.kind !== 'removed' && r.c.outcome?.kind !== 'counter-noticed' && r.c.outcome?.kind !== 'delisted').length,
      cameBack: removed.filter((r) => r.online).length,
      // The same case sent twice to the same recipient.
      duplicateNotices: [...pairs.values()].filter((n) => n > 1).reduce((sum, n) => sum + n - 1, 0),
      unfoundUrlNotices: unfound,
      ownOrAllowlistedNotices: ownNotices,
      maxMessagesPerRecipientPerBatch: Math.max(0, ...[...firstRung.values()].map((x) => x.size)),
      openStates,
      medianStepsToRemoval: median(removed.map((r) => LADDER_STEPS.indexOf(r.c.outcome!.step!) + 1)),
      medianSecondsToRemoval: median(removed.filter((r) => r.c.sentAt).map((r) => (Date.parse(r.c.outcome!.at) - Date.parse(r.c.sentAt!)) / 1000)),
      byPolicy: Object.fromEntries(
        [...new Set(after.map((r) => r.policy))].map((p) => [p, Object.fromEntries(['removed', 'delisted', 'counter-noticed', 'stopped', 'open'].map((k) => [k, after.filter((r) => r.policy === p && (r.c.outcome?.kind ?? 'open') === k).length]))]),
      ),
      notices: notices.length,
      loopSeconds,
      totalSeconds: (Date.now() - t0) / 1000,
    };
    const file = await writeReport(values.out!, report);
    process.stdout.write(
      renderTable(
        ['figure', 'value'],
        Object.entries(report)
          .filter(([, v]) => typeof v !== 'object' || v === null)
          .map(([k, v]) => [k, String(v)]),
      ) + '\n',
    );
    log(`by policy: ${JSON.stringify(report.byPolicy)}`);
    log(`wrote ${file}`);
  } finally {
    await app.close();
    rmSync(outbox, { recursive: true, force: true });
  }
}

function must<T extends { status: number; body: unknown }>(r: T, what: string): T {
  if (r.status >= 300) throw new Error(`${what}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
