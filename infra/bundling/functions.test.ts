import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { build } from 'esbuild';
import { isTraced } from '../../functions/lib/tracer';
import { buildPdfLayer, PDF_LAYER_MODULES } from '../layers/pdf-layer';
import { lambdaFunctions } from './functions';
import { esbuildOptions } from './lambda-bundle';

describe('lambdaFunctions', () => {
  const specs = lambdaFunctions();

  it('lists every API area and every workflow task once', () => {
    const names = specs.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['system', 'cases', 'Fingerprint', 'QueryEngine', 'SendNotice', 'Recheck']));
  });

  /** Entries whose `handler` is not itself traced, with the reason (remove one once it is). */
  const UNTRACED: Record<string, string> = {
    account: 'its HTTP routes go through the traced area chain; the handler in front also takes the admin function\'s discount-sync event (billing code)',
  };
  it.each(specs.map((s) => [s.name, s.entry] as const))('%s: its entry %s exports the Lambda handler, inside the Tracer middleware', async (name, entry) => {
    const mod = (await import(`../../${entry}`)) as { handler?: unknown };
    expect(typeof mod.handler).toBe('function');
    // Areas through their chain (functions/lib/http.ts), every other function through traced() (lib/tracer.ts).
    expect(isTraced(mod.handler)).toBe(!(name in UNTRACED));
  });

  it('lists the scheduled functions: the monitor dispatcher and the monthly report', () => {
    expect(specs.filter((s) => s.kind === 'scheduled').map((s) => s.name)).toEqual(['MonitorDispatcher', 'MonthlyReportTask']);
  });
});

describe('the PDF layer', () => {
  const specs = lambdaFunctions();
  // A bundle that imports pdfmake or fontkit (external in every bundle) without the layer fails on Lambda, and a
  // function with the layer it does not use pays for it in cold starts: the `pdf` flags must match the code.
  it('is given to exactly the functions whose bundles import the PDF renderer', async () => {
    const needsLayer: string[] = [];
    for (const spec of specs) {
      const out = path.join(os.tmpdir(), 'vigil-pdf-layer-check', spec.name);
      const result = await build({ ...esbuildOptions(spec.entry, out), write: false, minify: false, sourcemap: false });
      const imports = Object.values(result.metafile?.outputs ?? {}).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
      if (imports.some((i) => PDF_LAYER_MODULES.some((m) => i === m || i.startsWith(`${m}/`)))) needsLayer.push(spec.name);
    }
    expect(needsLayer.sort()).toEqual(specs.filter((s) => s.pdf).map((s) => s.name).sort());
    expect(needsLayer).toEqual(expect.arrayContaining(['documents', 'SendNotice']));
  }, 300_000);
});

describe('the PDF layer folder', () => {
  it('holds pdfmake, pdfkit and fontkit laid out as /opt/nodejs/node_modules', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-pdf-layer-test-'));
    try {
      const { nodeModules } = buildPdfLayer(dir);
      expect(nodeModules).toBe(path.join(dir, 'nodejs', 'node_modules'));
      for (const name of ['pdfmake', 'pdfkit', 'fontkit']) expect(fs.existsSync(path.join(nodeModules, name, 'package.json'))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
