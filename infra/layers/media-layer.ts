import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../context';

/**
 * The media layer: what the Lambda functions that decode images (sharp, with its libvips) and videos (ffmpeg,
 * ffprobe) need at run time, built for Lambda's linux-arm64 (glibc) by `npm run build:layers` into
 * `dist/layers/media`, and attached to those functions by the MediaLayer construct. This module is the one
 * place that says where things are, so the build script, the construct and the tests agree.
 */

/** Where `npm run build:layers` writes the layer (its content becomes `/opt` on Lambda). */
export const MEDIA_LAYER_DIR = path.join(REPO_ROOT, 'dist', 'layers', 'media');

/** Lambda mounts a layer's content at /opt; `/opt/nodejs/node_modules` is on its NODE_PATH, `/opt/bin` on PATH. */
const OPT = '/opt';

/** The layer's stamp: what it was built from (read by the build script to skip a rebuild, and at /opt for people). */
export const MEDIA_LAYER_STAMP = 'vigil-media-layer.json';

/** The files a built layer has, relative to its root; the construct attaches the layer only when all exist. */
export const MEDIA_LAYER_FILES = {
  stamp: MEDIA_LAYER_STAMP,
  sharp: 'nodejs/node_modules/sharp/package.json',
  sharpBinding: 'nodejs/node_modules/@img/sharp-linux-arm64/package.json',
  ffmpeg: 'bin/ffmpeg',
  ffprobe: 'bin/ffprobe',
} as const;

/** Variables that point functions/matching/video.ts at the layer's binaries (it defaults to Debian's /usr/bin). */
export const MEDIA_LAYER_ENVIRONMENT: Readonly<Record<string, string>> = {
  FFMPEG_PATH: `${OPT}/${MEDIA_LAYER_FILES.ffmpeg}`,
  FFPROBE_PATH: `${OPT}/${MEDIA_LAYER_FILES.ffprobe}`,
};

/**
 * Modules the layer provides, so bundles must import them instead of inlining them. sharp cannot be bundled:
 * it loads its native binding with a runtime `require` of `@img/sharp-<platform>/sharp.node`, which only
 * resolves next to the real package.
 */
export const MEDIA_LAYER_MODULES = ['sharp'] as const;

/** A static binary shipped inside an npm package's tarball (nothing is downloaded at install time). */
export interface ShippedBinary {
  /** The npm package and its exact version. */
  name: string;
  version: string;
  /** The registry's `dist.integrity` of that version: npm refuses a tarball that does not match. */
  integrity: string;
  license: string;
  /** The binary's path inside the package, and where it goes in the layer. */
  file: string;
  target: string;
  /** Who built the binary (for the licence's source offer and for people who ask). */
  builtBy: string;
}

/**
 * ffmpeg and ffprobe for linux-arm64. The `ffmpeg-static` family downloads its binaries in an install script
 * (impossible offline, and unverifiable); these packages ship statically linked binaries (John Van Sickle's
 * builds) in the tarball itself, pinned here by version and integrity.
 */
export const MEDIA_LAYER_BINARIES: readonly ShippedBinary[] = [
  {
    name: '@ffmpeg-installer/linux-arm64',
    version: '4.1.4',
    integrity: 'sha512-dljEqAOD0oIM6O6DxBW9US/FkvqvQwgJ2lGHOwHDDwu/pX8+V0YsDL1xqHbj1DMX/+nP9rxw7G7gcUvGspSoKg==',
    license: 'GPL-3.0',
    file: 'ffmpeg',
    target: MEDIA_LAYER_FILES.ffmpeg,
    builtBy: 'https://www.johnvansickle.com/ffmpeg/ (git build N-49006-gd81913e680, 2019)',
  },
  {
    name: '@ffprobe-installer/linux-arm64',
    version: '5.2.0',
    integrity: 'sha512-X1VvWtlLs6ScP73biVLuHD5ohKJKsMTa0vafCESOen4mOoNeLAYbxOVxDWAdFz9cpZgRiloFj5QD6nDj8E28yQ==',
    license: 'GPL-3.0',
    file: 'ffprobe',
    target: MEDIA_LAYER_FILES.ffprobe,
    builtBy: 'https://www.johnvansickle.com/ffmpeg/ (git build N-66595-gc2b38619c0, 2023)',
  },
];

/** SPDX expression of the layer's content: sharp (Apache-2.0), libvips (LGPL-3.0-or-later), ffmpeg builds (GPL-3.0). */
export const MEDIA_LAYER_LICENSE = 'Apache-2.0 AND LGPL-3.0-or-later AND GPL-3.0-or-later';

/** The layer's files that are missing under `dir` (all of them when `dir` does not exist). */
export function missingMediaLayerFiles(dir: string): string[] {
  return Object.values(MEDIA_LAYER_FILES).filter((file) => !fs.existsSync(path.join(dir, file)));
}
