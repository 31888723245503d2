/**
 * `npx tsx infra/smoke/smoke.ts --site https://vigil.example.org --outputs cdk-outputs.json [--billing stripe]`:
 * the smoke test deploy.yml runs after `cdk deploy` (issue 27, "deploys that work the first time"). It asks the
 * deployed site, through CloudFront, for what needs no outside sandbox: GET /api/health (the system function and
 * the table), GET /api/billing/mode (another function, the billing mode it was deployed with), and the SPA with
 * its security headers; and it checks that the API's execute-api address (the Api stack's `ApiEndpoint` output)
 * is refused. CloudFront may take a few minutes to serve a fresh distribution, so each check is retried for up to
 * `--wait-seconds` (default 300). Exits 1 with every failed check named.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

export interface SmokeCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface SmokeOptions {
  site: string;
  /** The API stack's execute-api endpoint (`ApiEndpoint` output); it must not answer. */
  apiEndpoint?: string;
  /** The billing mode the deploy was given (`stripe` or `none`); checked when set. */
  billing?: string;
  fetch?: typeof fetch;
  /** How long each check is retried, and the pause between tries. */
  waitMs?: number;
  pauseMs?: number;
}

type Probe = () => Promise<{ ok: boolean; detail: string }>;

async function retried(probe: Probe, waitMs: number, pauseMs: number): Promise<{ ok: boolean; detail: string }> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    let result: { ok: boolean; detail: string };
    try {
      result = await probe();
    } catch (err) {
      result = { ok: false, detail: (err as Error).message };
    }
    if (result.ok || Date.now() >= deadline) return result;
    await new Promise((r) => setTimeout(r, pauseMs));
  }
}

/** Runs every check; never throws. */
export async function smokeTest(options: SmokeOptions): Promise<SmokeCheck[]> {
  const get = options.fetch ?? fetch;
  const site = options.site.replace(/\/+$/, '');
  const waitMs = options.waitMs ?? 300_000;
  const pauseMs = options.pauseMs ?? 10_000;
  const json = async (path: string) => {
    const res = await get(`${site}${path}`, { headers: { accept: 'application/json' }, redirect: 'manual' });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, body: body as Record<string, unknown> | undefined, text: text.slice(0, 200) };
  };
  const checks: [string, Probe][] = [
    [
      'GET /api/health answers 200 {status: ok}',
      async () => {
        const r = await json('/api/health');
        return { ok: r.status === 200 && r.body?.status === 'ok', detail: `${r.status} ${r.text}` };
      },
    ],
    [
      `GET /api/billing/mode answers 200${options.billing ? ` with mode ${options.billing}` : ''}`,
      async () => {
        const r = await json('/api/billing/mode');
        const modeOk = !options.billing || r.body?.mode === options.billing;
        return { ok: r.status === 200 && modeOk, detail: `${r.status} ${r.text}` };
      },
    ],
    [
      'GET / serves the site with its Content-Security-Policy',
      async () => {
        const res = await get(`${site}/`, { redirect: 'manual' });
        const csp = res.headers.get('content-security-policy');
        const type = res.headers.get('content-type') ?? '';
        return { ok: res.status === 200 && type.includes('text/html') && Boolean(csp), detail: `${res.status} ${type} csp=${csp ? 'yes' : 'no'}` };
      },
    ],
  ];
  if (options.apiEndpoint) {
    const endpoint = options.apiEndpoint.replace(/\/+$/, '');
    checks.push([
      'the execute-api endpoint is disabled (traffic only through CloudFront)',
      async () => {
        try {
          const res = await get(`${endpoint}/api/health`, { redirect: 'manual' });
          return { ok: res.status === 403 || res.status === 404, detail: `${res.status} from ${endpoint}` };
        } catch (err) {
          // No answer at all (the name no longer resolves) is as good as a refusal.
          return { ok: true, detail: `no answer from ${endpoint}: ${(err as Error).message}` };
        }
      },
    ]);
  }
  const results: SmokeCheck[] = [];
  for (const [name, probe] of checks) {
    const r = await retried(probe, waitMs, pauseMs);
    results.push({ name, ...r });
  }
  return results;
}

/** The Api stack's `ApiEndpoint` from `cdk deploy --outputs-file`. */
export function apiEndpointOf(outputs: Record<string, Record<string, string>>): string | undefined {
  const stack = Object.keys(outputs).find((name) => /^Vigil-\w+-Api$/.test(name));
  return stack ? outputs[stack]?.ApiEndpoint : undefined;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { site: { type: 'string' }, outputs: { type: 'string' }, billing: { type: 'string' }, 'wait-seconds': { type: 'string', default: '300' } },
  });
  if (!values.site) throw new Error('--site <the deployed siteUrl> is required');
  const apiEndpoint = values.outputs ? apiEndpointOf(JSON.parse(readFileSync(values.outputs, 'utf8'))) : undefined;
  const results = await smokeTest({ site: values.site, apiEndpoint, billing: values.billing || undefined, waitMs: Number(values['wait-seconds']) * 1000 });
  for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.detail})`);
  if (results.some((r) => !r.ok)) process.exitCode = 1;
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
