/**
 * `npm run build:layers [-- --force]`: builds the media layer (sharp for linux-arm64 glibc and static arm64
 * ffmpeg/ffprobe) into dist/layers/media, for the functions that decode images and videos on Lambda (arm64,
 * Node 22). This machine's own sharp is its x64 build, so the layer is installed separately with npm's
 * platform flags, from the project's lock. Skips the work when the layer on disk was built from the same
 * lock entries and pins (`--force` rebuilds). Needs the npm registry only when it builds.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../context';
import { elfMachine } from './elf';
import { layerInstallFiles, type PackageLock } from './layer-lock';
import {
  MEDIA_LAYER_BINARIES,
  MEDIA_LAYER_DIR,
  MEDIA_LAYER_FILES,
  MEDIA_LAYER_LICENSE,
  MEDIA_LAYER_MODULES,
  MEDIA_LAYER_STAMP,
  missingMediaLayerFiles,
} from './media-layer';

/** Lambda's arm64 functions run Amazon Linux 2023 (glibc). */
const PLATFORM = { os: 'linux', cpu: 'arm64', libc: 'glibc' } as const;

interface Stamp {
  digest: string;
  platform: string;
  license: string;
  packages: Record<string, string>;
  binaries: Record<string, { package: string; license: string; builtBy: string }>;
}

/** Builds the layer into `outDir` unless it is up to date; returns what it did. */
export function buildMediaLayer(outDir = MEDIA_LAYER_DIR, options: { force?: boolean } = {}): 'built' | 'up to date' {
  const rootLock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as PackageLock;
  const install = layerInstallFiles(rootLock, MEDIA_LAYER_MODULES, MEDIA_LAYER_BINARIES);
  if (!options.force && readStamp(outDir)?.digest === install.digest && missingMediaLayerFiles(outDir).length === 0) return 'up to date';

  fs.mkdirSync(path.dirname(outDir), { recursive: true });
  // Built beside the target and renamed into place, so an interrupted build never leaves a half layer behind.
  const staging = fs.mkdtempSync(path.join(path.dirname(outDir), `.${path.basename(outDir)}-`));
  try {
    const nodejs = path.join(staging, 'nodejs');
    fs.mkdirSync(nodejs);
    fs.writeFileSync(path.join(nodejs, 'package.json'), JSON.stringify(install.packageJson, null, 2));
    fs.writeFileSync(path.join(nodejs, 'package-lock.json'), JSON.stringify(install.packageLock, null, 2));
    npmCi(nodejs);

    const modules = path.join(nodejs, 'node_modules');
    for (const bin of MEDIA_LAYER_BINARIES) {
      const from = path.join(modules, bin.name, bin.file);
      if (!fs.existsSync(from)) throw new Error(`${bin.name}@${bin.version} was not installed (npm skipped it?): ${from} is missing`);
      const to = path.join(staging, bin.target);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.renameSync(from, to);
      // Lambda runs code as a user that does not own /opt: everyone must be able to execute it (the
      // packages' own `chmod u+x` postinstall is not run, and would not be enough).
      fs.chmodSync(to, 0o755);
      fs.rmSync(path.join(modules, bin.name), { recursive: true, force: true });
      removeIfEmpty(path.dirname(path.join(modules, bin.name)));
    }
    // Install bookkeeping and CLI links (symlinks) are no use at run time.
    for (const leftover of ['package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'node_modules/.bin']) {
      fs.rmSync(path.join(nodejs, leftover), { recursive: true, force: true });
    }

    verifyArm64(staging);
    const stamp: Stamp = {
      digest: install.digest,
      platform: `${PLATFORM.os}-${PLATFORM.cpu}-${PLATFORM.libc}`,
      license: MEDIA_LAYER_LICENSE,
      packages: installedPackages(modules),
      binaries: Object.fromEntries(
        MEDIA_LAYER_BINARIES.map((b) => [b.target, { package: `${b.name}@${b.version}`, license: b.license, builtBy: b.builtBy }]),
      ),
    };
    fs.chmodSync(staging, 0o755); // mkdtemp made it private
    fs.writeFileSync(path.join(staging, MEDIA_LAYER_STAMP), `${JSON.stringify(stamp, null, 2)}\n`);

    const missing = missingMediaLayerFiles(staging);
    if (missing.length) throw new Error(`the built layer lacks ${missing.join(', ')}`);
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.renameSync(staging, outDir);
    return 'built';
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

function npmCi(dir: string): void {
  // `npm run` exports the project's prefix and package to its children; the nested npm must see only `dir`.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_(config_local_prefix|package_)/i.test(k)));
  const args = [
    'ci',
    '--prefix', dir,
    `--os=${PLATFORM.os}`, `--cpu=${PLATFORM.cpu}`, `--libc=${PLATFORM.libc}`,
    '--omit=dev',
    // Nothing in the layer needs an install script (sharp's binding and the binaries are prebuilt), and
    // running them here would run them for the wrong machine.
    '--ignore-scripts',
    '--no-audit', '--no-fund', '--no-update-notifier', '--loglevel=error',
  ];
  const result = spawnSync('npm', args, { cwd: dir, env, stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed with exit code ${result.status}`);
}

/** Every native file must be an aarch64 ELF, and no other platform's sharp binding may have slipped in. */
function verifyArm64(layer: string): void {
  const modules = path.join(layer, 'nodejs', 'node_modules');
  const natives = [
    ...MEDIA_LAYER_BINARIES.map((b) => path.join(layer, b.target)),
    ...filesUnder(path.join(modules, '@img')).filter((f) => /\.node$|\.so(\.\d+)*$/.test(f)),
  ];
  if (!natives.some((f) => f.endsWith('.node'))) throw new Error('no sharp binding (.node) was installed');
  for (const file of natives) {
    const machine = elfMachine(file);
    if (machine !== 'aarch64') throw new Error(`${path.relative(layer, file)} is built for ${machine ?? 'no known ELF platform'}, not aarch64`);
  }
  const platforms = fs.readdirSync(path.join(modules, '@img')).filter((name) => /^sharp-/.test(name));
  const foreign = platforms.filter((name) => !/^sharp-(libvips-)?linux-arm64$/.test(name));
  if (foreign.length) throw new Error(`unexpected sharp platform packages in the layer: ${foreign.join(', ')}`);
}

function installedPackages(modules: string): Record<string, string> {
  const names = fs.readdirSync(modules).flatMap((name) =>
    name.startsWith('@') ? fs.readdirSync(path.join(modules, name)).map((sub) => `${name}/${sub}`) : [name],
  );
  return Object.fromEntries(
    names.sort().map((name) => [name, JSON.parse(fs.readFileSync(path.join(modules, name, 'package.json'), 'utf8')).version as string]),
  );
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)).filter((f) => fs.statSync(f).isFile());
}

function removeIfEmpty(dir: string): void {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
}

function readStamp(dir: string): Stamp | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MEDIA_LAYER_STAMP), 'utf8')) as Stamp;
  } catch {
    return undefined;
  }
}

/** Total size of the files under `dir`, in bytes. */
function sizeOf(dir: string): number {
  return filesUnder(dir).reduce((sum, f) => sum + fs.statSync(f).size, 0);
}

if (require.main === module) {
  const started = Date.now();
  try {
    const result = buildMediaLayer(MEDIA_LAYER_DIR, { force: process.argv.includes('--force') });
    const mb = (sizeOf(MEDIA_LAYER_DIR) / 1e6).toFixed(1);
    console.log(
      `media layer ${result}: ${path.relative(process.cwd(), MEDIA_LAYER_DIR)} (${mb} MB unzipped; ffmpeg at /opt/${MEDIA_LAYER_FILES.ffmpeg}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    console.error(`media layer build failed: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
