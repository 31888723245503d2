import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/*
 * The two jest tiers (jest.config.ts), decided per test file from its own text. The rule:
 *
 *   A fast test starts nothing and loads nothing heavy: it runs inside jest's process alone, in well under a
 *   second. Everything else is an integration test.
 *
 * So a test file is in the integration tier when it
 *   - imports a module that starts a stand-in or a server, or needs one started (INTEGRATION_MODULES: test/harness,
 *     test/fixtures, the local runtime and its stand-ins, ...), or a test helper of its own (in a tests/ folder, or
 *     a *fixture* module) that starts a server or a process, or loads a heavy package;
 *   - starts a server itself (createServer, .listen) or runs a child process (child_process);
 *   - imports a package that synthesizes or bundles (HEAVY_PACKAGES: aws-cdk-lib, cdk-nag, esbuild), seconds of CPU
 *     a file; or
 *   - says `@integration` in a comment: for what it starts through another module, or seconds of work of its own
 *     (the image matcher's calibration, say).
 * Everything else is fast: pure modules, the store's parameter tests, rules, the web's unit tests. The fast tier
 * refuses to listen on a port or start a process (test/fast-tier-guard.ts), so a file that does so anyway fails
 * there, saying how to move it. `npm run test:tiers` lists every file's tier and why.
 */

/** Where jest looks for tests (jest.config.ts's testMatch roots). */
export const TEST_ROOTS = ['functions', 'shared', 'local', 'infra', 'bench', 'web', 'test'];

/**
 * Modules (repo-relative, without extension; a directory stands for everything in it) that start a stand-in, a
 * server or a process, or need one started: importing one makes a test file an integration test.
 */
export const INTEGRATION_MODULES = [
  'test/harness',
  'test/fixtures',
  'test/fixture-web',
  'test/stripe-fake',
  'test/stripe-delivery',
  'test/security',
  'local/stand-ins',
  'local/sandbox',
  'local/server',
  'local/gateway',
  'local/workflows',
  'local/bundles',
  'local/monitor-ticks',
  'local/idp/index',
  'local/tests',
  'functions/adapters/providers/tests/fixture-server',
];

/** Packages that synthesize or bundle (seconds of CPU a file; esbuild runs a child process). */
export const HEAVY_PACKAGES = ['aws-cdk-lib', 'cdk-nag', 'esbuild'];

/** What a file that starts something itself says. */
const STARTS_ITSELF = /\bcreateServer\s*\(|\.listen\s*\(|['"](node:)?child_process['"]|@integration\b/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
const SKIP_DIRS = new Set(['node_modules', 'cdk.out', 'dist', 'e2e', '.data', 'test-results']);

export type Tier = 'fast' | 'integration';

/** Why a file's own text makes it integration: it starts something, says so, or imports a heavy package. */
function ownReason(text: string): string | undefined {
  const itself = STARTS_ITSELF.exec(text);
  if (itself) return `says ${itself[0].trim()}`;
  for (const [, spec] of text.matchAll(IMPORT)) {
    const heavy = HEAVY_PACKAGES.find((p) => spec === p || spec!.startsWith(`${p}/`));
    if (heavy) return `imports ${heavy}`;
  }
  return undefined;
}

/** Why a test file is an integration test (the first reason found), or undefined for a fast one. */
export function integrationReason(rootDir: string, file: string, text = readFileSync(join(rootDir, file), 'utf8')): string | undefined {
  const own = ownReason(text);
  if (own) return own;
  for (const [, spec] of text.matchAll(IMPORT)) {
    if (!spec!.startsWith('.')) continue;
    const target = relative(rootDir, resolve(rootDir, dirname(file), spec!)).replace(/\.(tsx?|js)$/, '').replace(/\/index$/, '');
    const hit = INTEGRATION_MODULES.find((m) => target === m || target.startsWith(`${m}/`) || `${target}/index` === m);
    if (hit) return `imports ${hit}`;
    // A test helper of its own (under a tests/ or test/ folder, or a *fixture* module) that starts something itself
    // or loads a heavy package.
    if (/(^|\/)tests?\/|fixture/.test(target)) {
      const helper = ['.ts', '.tsx', '/index.ts'].map((ext) => `${target}${ext}`).find((f) => existsSync(join(rootDir, f)));
      const why = helper && ownReason(readFileSync(join(rootDir, helper), 'utf8'));
      if (why) return `imports ${target}, which ${why}`;
    }
  }
  return undefined;
}

/** Every test file under the roots, repo-relative, sorted. */
export function testFiles(rootDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(rootDir, dir), { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) walk(join(dir, e.name));
      } else if (/\.test\.tsx?$/.test(e.name)) out.push(join(dir, e.name));
    }
  };
  for (const root of TEST_ROOTS) walk(root);
  return out.sort();
}

/** The test files of each tier. */
export function tiers(rootDir: string): Record<Tier, string[]> {
  const all = testFiles(rootDir);
  const integration = all.filter((f) => integrationReason(rootDir, f) !== undefined);
  return { fast: all.filter((f) => !integration.includes(f)), integration };
}

/** `npm run test:tiers`: every test file's tier, and why a file is in the integration tier. */
if (require.main === module) {
  const root = resolve(__dirname, '..');
  const all = testFiles(root);
  const rows = all.map((f) => ({ f, why: integrationReason(root, f) }));
  for (const { f, why } of rows) console.log(`${why ? 'integration' : 'fast       '}  ${f}${why ? `  (${why})` : ''}`);
  const fast = rows.filter((r) => !r.why).length;
  console.log(`\n${fast} fast, ${all.length - fast} integration`);
}
