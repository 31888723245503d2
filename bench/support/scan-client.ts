import { setTimeout as sleep } from 'node:timers/promises';
import { searchSchema, type Search, type SearchStage } from '../../shared/schemas/search';
import { signIn, TestBrowser } from '../../local/tests/support/browser';

/** A reference file to upload with a scan. */
export interface Upload {
  name: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** What the poller saw change, with the time since the scan was posted. */
export interface ProgressEvent {
  atSeconds: number;
  stage: SearchStage;
  status: Search['status'];
  enginesDone: number;
  candidatesFound: number;
  candidatesMatched: number;
}

/** One timed scan, from the POST to the first poll that saw a final status. */
export interface ScanRun {
  searchId: string;
  status: Search['status'] | 'timeout';
  /** Wall time from sending the POST to receiving the poll with the final status. */
  seconds: number;
  /** Time the POST itself took (upload, S3 put, workflow start). */
  startSeconds: number;
  results: number;
  matched: number;
  candidatesFound: number;
  /** Server-side duration from metadata.totalDuration (createdAt to completedAt), when present. */
  serverSeconds: number | null;
  successfulEngines: string[];
  failedEngines: string[];
  /** Seconds spent in each stage, as first seen by the poller (poll granularity: the poll interval). */
  stageSeconds: Partial<Record<SearchStage, number>>;
  events: ProgressEvent[];
}

export interface ScanRequest {
  query: string;
  searchEngines: string[];
  contentType: string;
  references: Upload[];
  /** Issue 25: sources read directly, beside the engines (the form's `sources` field). */
  sources?: Array<{ kind: string; target: string }>;
}

/**
 * Drives the API as the site's browser does: a cookie-jar session from the real OIDC sign-in, an `Origin`
 * header on state-changing calls (the CSRF check), and polling of the search until it leaves `running`.
 */
export class ScanClient {
  private constructor(private readonly browser: TestBrowser) {}

  /** Signs a user in through /api/login, the IdP's form and the callback; fails if no session results. */
  static async signIn(baseUrl: string, email: string, password: string): Promise<ScanClient> {
    const browser = new TestBrowser(baseUrl);
    await signIn(browser, email, password);
    const me = await browser.json('/api/auth/user');
    if (me.status !== 200) throw new Error(`sign-in did not create a session (GET /api/auth/user: ${me.status})`);
    return new ScanClient(browser);
  }

  /** GET a URL with the session cookie and return its bytes (for the demo originals). */
  async download(path: string): Promise<Uint8Array<ArrayBuffer>> {
    const res = await this.fetch(path);
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  }

  /** Starts a scan and polls it every `pollMs` until its status is final or `timeoutMs` passes. */
  async scan(request: ScanRequest, opts: { pollMs: number; timeoutMs: number }): Promise<ScanRun> {
    const form = new FormData();
    form.append('query', request.query);
    form.append('searchEngines', JSON.stringify(request.searchEngines));
    form.append('contentType', request.contentType);
    if (request.sources) form.append('sources', JSON.stringify(request.sources));
    for (const f of request.references) form.append('referenceFiles', new Blob([f.bytes], { type: f.type }), f.name);

    const t0 = performance.now();
    const elapsed = () => (performance.now() - t0) / 1000;
    const started = await this.fetch('/api/search', { method: 'POST', body: form, headers: { origin: this.browser.baseUrl } });
    const startSeconds = elapsed();
    if (started.status !== 201) throw new Error(`POST /api/search: ${started.status} ${await started.text()}`);
    const { id } = (await started.json()) as { id: string };

    const events: ProgressEvent[] = [];
    let search: Search;
    for (;;) {
      const res = await this.fetch(`/api/search/${id}`);
      if (res.status !== 200) throw new Error(`GET /api/search/${id}: ${res.status} ${await res.text()}`);
      search = searchSchema.parse(await res.json());
      const at = elapsed();
      const event: ProgressEvent = { atSeconds: at, stage: search.progress.stage, status: search.status, ...pickCounters(search) };
      const prev = events.at(-1);
      if (!prev || (['stage', 'status', 'enginesDone', 'candidatesFound', 'candidatesMatched'] as const).some((k) => prev[k] !== event[k])) {
        events.push(event);
      }
      if (search.status !== 'running' && search.status !== 'pending') break;
      if (at * 1000 > opts.timeoutMs) return summarize(id, 'timeout', at, startSeconds, search, events);
      await sleep(opts.pollMs);
    }
    return summarize(id, search.status, elapsed(), startSeconds, search, events);
  }

  /** GET an API path with the session cookie and parse its JSON answer; throws on a non-2xx status. */
  async getJson<T = unknown>(path: string): Promise<T> {
    const res = await this.fetch(path);
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  private async fetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
    const url = new URL(path, this.browser.baseUrl).href;
    const cookie = await this.browser.jar.getCookieString(url);
    return fetch(url, { ...init, headers: { ...init.headers, ...(cookie ? { cookie } : {}) } });
  }
}

const pickCounters = (s: Search) => ({
  enginesDone: s.progress.enginesDone,
  candidatesFound: s.progress.candidatesFound,
  candidatesMatched: s.progress.candidatesMatched,
});

function summarize(id: string, status: ScanRun['status'], seconds: number, startSeconds: number, search: Search, events: ProgressEvent[]): ScanRun {
  return {
    searchId: id,
    status,
    seconds,
    startSeconds,
    results: search.resultCount,
    matched: search.progress.candidatesMatched,
    candidatesFound: search.progress.candidatesFound,
    serverSeconds: search.metadata ? search.metadata.totalDuration / 1000 : null,
    successfulEngines: search.metadata?.successfulEngines ?? [],
    failedEngines: search.metadata?.failedEngines ?? [],
    stageSeconds: stageDurations(events, seconds),
    events,
  };
}

/**
 * Time in each stage: from the first poll that showed it to the first poll that showed the next one. The POST
 * itself is counted in the first stage seen; `done` is not a stage that takes time.
 */
export function stageDurations(events: readonly Pick<ProgressEvent, 'atSeconds' | 'stage'>[], endSeconds: number): Partial<Record<SearchStage, number>> {
  const out: Partial<Record<SearchStage, number>> = {};
  const changes = events.filter((e, i) => i === 0 || e.stage !== events[i - 1]!.stage);
  changes.forEach((e, i) => {
    if (e.stage === 'done') return;
    const from = i === 0 ? 0 : e.atSeconds;
    const to = changes[i + 1]?.atSeconds ?? endSeconds;
    out[e.stage] = (out[e.stage] ?? 0) + (to - from);
  });
  return out;
}
