import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { copyLayerPackages } from './local-media-layer';

/**
 * The PDF layer: the PDF renderer (pdfmake with pdfkit, fontkit and the packages they need) under
 * `nodejs/node_modules/`, which Lambda mounts at `/opt/nodejs/node_modules`. It keeps the renderer, about
 * 200 KB gzip, out of the bundles that render PDFs (the `documents` area, SendNotice, the monthly report), so
 * `documents` stays within the API bundle budget (ARCHITECTURE.md, "Lambda bundles"). All of it is plain
 * JavaScript, so the same folder serves Lambda's arm64 and this machine: it is copied from the project's own
 * node_modules (the lock's sub-tree for these modules), at synth and by the local bundle builder.
 * The notice fonts are not in it: `notice-fonts.ts` is bundled code and its fonts are bundle assets.
 */

/** Modules the layer provides, so bundles import them instead of inlining them (notice-fonts.ts imports fontkit). */
export const PDF_LAYER_MODULES = ['pdfmake', 'fontkit'] as const;

/** SPDX expression of the layer's content (pdfmake, pdfkit, fontkit and their dependencies). */
export const PDF_LAYER_LICENSE = 'MIT';

/** Lays the layer out in `outDir` (`nodejs/node_modules/...`); returns its node_modules folder. */
export function buildPdfLayer(outDir: string): { dir: string; nodeModules: string } {
  const nodeModules = copyLayerPackages(PDF_LAYER_MODULES, path.join(outDir, 'nodejs'));
  return { dir: outDir, nodeModules };
}

let synthDir: string | undefined;
/** The layer for `cdk synth`, built once per process in a folder of its own (the asset is hashed by content). */
export function pdfLayerForSynth(): string {
  synthDir ??= buildPdfLayer(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-pdf-layer-'))).dir;
  return synthDir;
}
