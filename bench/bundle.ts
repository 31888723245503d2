/**
 * Bundle size benchmark:
 *   npm run bench:bundle -- [--out FILE] [--build]
 * Reads dist/web (running `npm run build:web` first when it is missing, or always with --build), measures every
 * JS and CSS asset raw, gzip and brotli (node:zlib at its default levels, close to what a CDN serves), and splits
 * them into the initial load (what index.html references, its modulepreloads, and everything the entry reaches
 * through static imports) and lazy chunks (reached only through import()). Exit code 0 even over budget.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chunkImports, parseIndexHtml, staticClosure } from './support/bundle-graph';
import { OUT_DIR, writeReport } from './support/output';
import { renderTable } from './support/table';

/**
 * Budgets for what a first visit downloads before the site is interactive, gzip-compressed. 150 KB of JS is
 * the usual mid-range-phone budget (about 1 s of parse and compile on a median Android phone); CSS blocks
 * rendering, so it gets a small one. A lazy chunk is fetched on navigation, so it only has a ceiling that
 * keeps any one page quick to open.
 */
export const BUDGETS = {
  initialJsGzipKB: 150,
  initialCssGzipKB: 30,
  largestLazyChunkGzipKB: 100,
} as const;

const ROOT = path.resolve(__dirname, '..');
const WEB_DIR = path.join(ROOT, 'dist', 'web');
const KB = 1024;

interface Asset {
  file: string;
  kind: 'js' | 'css';
  load: 'initial' | 'lazy';
  /** Why it is in the initial load: how index.html or the entry reaches it. */
  via: string[];
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

const log = (...parts: unknown[]) => process.stderr.write(parts.join(' ') + '\n');
const kb = (bytes: number) => (bytes / KB).toFixed(1);

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), base) : [path.relative(base, path.join(dir, e.name)).split(path.sep).join('/')])),
  );
  return nested.flat();
}

function build(): void {
  log('building the site: npm run build:web');
  const res = spawnSync('npm', ['run', 'build:web'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (res.status !== 0) throw new Error(`npm run build:web failed (exit ${res.status})`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { out: { type: 'string', default: path.join(OUT_DIR, 'bundle.json') }, build: { type: 'boolean', default: false } },
  });
  if (values.build || !existsSync(path.join(WEB_DIR, 'index.html'))) build();

  const html = await readFile(path.join(WEB_DIR, 'index.html'), 'utf8');
  const refs = parseIndexHtml(html);
  const files = (await listFiles(WEB_DIR)).filter((f) => /\.(m?js|css)$/.test(f));
  const code = new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(WEB_DIR, f))] as const)));

  const imports = new Map<string, { static: string[]; dynamic: string[] }>();
  for (const f of files.filter((f) => /\.m?js$/.test(f))) imports.set(f, await chunkImports(code.get(f)!.toString('utf8'), f));

  // The entry's static import graph must all download before it runs; anything in it that index.html does not
  // preload is a request waterfall worth knowing about.
  const closure = await staticClosure(refs.scripts, async (f) => imports.get(f)?.static ?? []);
  const via = new Map<string, string[]>();
  const mark = (f: string, why: string) => via.set(f, [...(via.get(f) ?? []), why]);
  refs.scripts.forEach((f) => mark(f, 'entry'));
  refs.modulepreloads.forEach((f) => mark(f, 'modulepreload'));
  refs.stylesheets.forEach((f) => mark(f, 'stylesheet'));
  for (const f of closure) if (!refs.scripts.includes(f)) mark(f, 'static import');
  const notPreloaded = [...closure].filter((f) => !refs.scripts.includes(f) && !refs.modulepreloads.includes(f));
  const missing = [...refs.scripts, ...refs.modulepreloads, ...refs.stylesheets].filter((f) => !code.has(f));

  const assets: Asset[] = files.map((file) => {
    const bytes = code.get(file)!;
    return {
      file,
      kind: file.endsWith('.css') ? 'css' : 'js',
      load: via.has(file) ? 'initial' : 'lazy',
      via: [...new Set(via.get(file) ?? [])],
      rawBytes: bytes.length,
      gzipBytes: gzipSync(bytes).length,
      brotliBytes: brotliCompressSync(bytes).length,
    };
  });
  assets.sort((a, b) => (a.load === b.load ? b.gzipBytes - a.gzipBytes : a.load === 'initial' ? -1 : 1));

  const sum = (list: Asset[], key: 'rawBytes' | 'gzipBytes' | 'brotliBytes') => list.reduce((n, a) => n + a[key], 0);
  const group = (load: Asset['load'], kind: Asset['kind']) => assets.filter((a) => a.load === load && a.kind === kind);
  const totals = Object.fromEntries(
    (['initial', 'lazy'] as const).flatMap((load) =>
      (['js', 'css'] as const).map((kind) => {
        const list = group(load, kind);
        return [`${load}${kind === 'js' ? 'Js' : 'Css'}`, { files: list.length, rawBytes: sum(list, 'rawBytes'), gzipBytes: sum(list, 'gzipBytes'), brotliBytes: sum(list, 'brotliBytes') }];
      }),
    ),
  ) as Record<'initialJs' | 'initialCss' | 'lazyJs' | 'lazyCss', { files: number; rawBytes: number; gzipBytes: number; brotliBytes: number }>;
  const largestLazy = group('lazy', 'js')[0];

  const checks = [
    { budget: 'initial JS gzip', limitKB: BUDGETS.initialJsGzipKB, actualKB: totals.initialJs.gzipBytes / KB },
    { budget: 'initial CSS gzip', limitKB: BUDGETS.initialCssGzipKB, actualKB: totals.initialCss.gzipBytes / KB },
    { budget: `largest lazy chunk gzip${largestLazy ? ` (${path.basename(largestLazy.file)})` : ''}`, limitKB: BUDGETS.largestLazyChunkGzipKB, actualKB: (largestLazy?.gzipBytes ?? 0) / KB },
  ].map((c) => ({ ...c, met: c.actualKB <= c.limitKB }));
  const meetsBudget = checks.every((c) => c.met);

  console.log(
    renderTable(
      ['asset', 'kind', 'load', 'raw KB', 'gzip KB', 'brotli KB', 'via'],
      assets.map((a) => [a.file, a.kind, a.load, kb(a.rawBytes), kb(a.gzipBytes), kb(a.brotliBytes), a.via.join(', ')]),
      ['left', 'left', 'left', 'right', 'right', 'right', 'left'],
    ),
  );
  console.log('');
  console.log(
    renderTable(
      ['total', 'files', 'raw KB', 'gzip KB', 'brotli KB'],
      (['initialJs', 'initialCss', 'lazyJs', 'lazyCss'] as const).map((k) => [
        k.replace(/([A-Z])/g, ' $1').toLowerCase(),
        String(totals[k].files),
        kb(totals[k].rawBytes),
        kb(totals[k].gzipBytes),
        kb(totals[k].brotliBytes),
      ]),
      ['left', 'right', 'right', 'right', 'right'],
    ),
  );
  console.log('');
  console.log(
    renderTable(
      ['budget', 'limit KB', 'actual KB', 'result'],
      checks.map((c) => [c.budget, String(c.limitKB), c.actualKB.toFixed(1), c.met ? 'met' : 'OVER']),
      ['left', 'right', 'right', 'left'],
    ),
  );
  if (notPreloaded.length) console.log(`\nWARNING: statically imported by the entry but not preloaded (a waterfall): ${notPreloaded.join(', ')}`);
  if (missing.length) console.log(`\nWARNING: index.html references files that are not in dist/web: ${missing.join(', ')}`);
  console.log('');
  console.log(meetsBudget ? 'MET: every bundle budget is met.' : `OVER BUDGET: ${checks.filter((c) => !c.met).map((c) => c.budget).join('; ')}.`);

  const written = await writeReport(values.out!, {
    benchmark: 'bundle',
    at: new Date().toISOString(),
    webDir: path.relative(ROOT, WEB_DIR),
    compression: 'node:zlib gzip and brotli at their default levels',
    index: refs,
    assets,
    totals,
    notPreloaded,
    missing,
    budgets: BUDGETS,
    checks,
    meetsBudget,
  });
  log(`wrote ${written}`);
}

main().catch((err) => {
  console.error('bench:bundle failed:', err);
  process.exit(1);
});
