import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../context';
import { layerInstallFiles, type PackageLock } from './layer-lock';
import { MEDIA_LAYER_FILES, MEDIA_LAYER_MODULES } from './media-layer';

/**
 * The media layer for this machine, laid out as Lambda lays out the arm64 one (`npm run build:layers`):
 * `nodejs/node_modules/` with sharp and the packages it needs, `bin/ffmpeg` and `bin/ffprobe`. The local
 * runtime's bundles mode (`VIGIL_HANDLERS=bundles`) gives this folder to the functions that have the layer on
 * AWS, as their NODE_PATH and FFMPEG_PATH/FFPROBE_PATH, so a bundle that needs sharp without the layer fails
 * here as it would on Lambda.
 *
 * The package set is the same sub-tree of the project's lock as the AWS layer's (layerInstallFiles); its files
 * are copied from the project's own node_modules, which hold this platform's sharp binding (nothing is
 * downloaded). Platform packages of other machines are in the lock but not installed here, and are skipped.
 * ffmpeg and ffprobe are this machine's (FFMPEG_PATH/FFPROBE_PATH, default Debian's /usr/bin), linked in.
 */
export function buildLocalMediaLayer(outDir: string): { dir: string; nodeModules: string; environment: Record<string, string> } {
  const nodeModules = copyLayerPackages(MEDIA_LAYER_MODULES, path.join(outDir, 'nodejs'));
  const bin = path.join(outDir, 'bin');
  fs.mkdirSync(bin, { recursive: true });
  const tools = {
    [MEDIA_LAYER_FILES.ffmpeg]: process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg',
    [MEDIA_LAYER_FILES.ffprobe]: process.env.FFPROBE_PATH ?? '/usr/bin/ffprobe',
  };
  for (const [target, source] of Object.entries(tools)) {
    const link = path.join(outDir, target);
    fs.rmSync(link, { force: true });
    fs.symlinkSync(source, link);
  }
  return {
    dir: outDir,
    nodeModules,
    environment: {
      FFMPEG_PATH: path.join(outDir, MEDIA_LAYER_FILES.ffmpeg),
      FFPROBE_PATH: path.join(outDir, MEDIA_LAYER_FILES.ffprobe),
    },
  };
}

/**
 * Copies `modules` and the packages they need (their sub-tree of the project's lock, as layerInstallFiles reads
 * it) from the project's node_modules into `nodejsDir/node_modules`; returns that folder. Packages of other
 * platforms are in the lock but not installed here, and are skipped.
 */
export function copyLayerPackages(modules: readonly string[], nodejsDir: string): string {
  const lock = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as PackageLock;
  const { packageLock } = layerInstallFiles(lock, modules, []);
  const packages = Object.keys((packageLock as { packages: Record<string, unknown> }).packages).filter((key) => key.startsWith('node_modules/'));
  for (const key of packages) {
    const from = path.join(REPO_ROOT, key);
    if (!fs.existsSync(from)) continue; // another platform's optional binding
    fs.cpSync(from, path.join(nodejsDir, key), { recursive: true, dereference: true });
  }
  for (const name of modules) {
    if (!fs.existsSync(path.join(nodejsDir, 'node_modules', name))) throw new Error(`${name} is not installed in ${REPO_ROOT}/node_modules`);
  }
  return path.join(nodejsDir, 'node_modules');
}
