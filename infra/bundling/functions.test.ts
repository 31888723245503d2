import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { build, type BuildResult } from 'esbuild';
import { isTraced } from '../../functions/lib/tracer';
import { FACE_LAYER_MODULES } from '../layers/face-layer';
import { buildPdfLayer, PDF_LAYER_MODULES } from '../layers/pdf-layer';
import { lambdaFunctions } from './functions';
import { entryMetafile, esbuildOptions, esbuildOptionsForMany, LAMBDA_BUNDLE } from './lambda-bundle';

/** Every bundle from one build, in memory, as the local runtime builds them (shared by the tests below). */
const MANY_DIR = path.join(os.tmpdir(), 'vigil-many');
let many: Promise<BuildResult> | undefined;
const buildMany = () =>
  (many ??= build({ ...esbuildOptionsForMany(Object.fromEntries(lambdaFunctions().map((s) => [s.name, s.entry])), MANY_DIR), write: false }));
/** The output files of one function's bundle in that build. */
const bundleOutputs = (metafile: NonNullable<BuildResult['metafile']>, name: string) =>
  Object.values(entryMetafile(metafile, path.join(MANY_DIR, name, LAMBDA_BUNDLE.outfile)).outputs);

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
    // Areas through their chain (functions/http/chain/), every other function through traced() (lib/tracer.ts).
    expect(isTraced(mod.handler)).toBe(!(name in UNTRACED));
  });

  it('lists the scheduled functions: the alert digest tick, the monthly report, the result retention job and re-emergence', () => {
    expect(specs.filter((s) => s.kind === 'scheduled').map((s) => s.name)).toEqual(['MonitorDispatcher', 'MonthlyReportTask', 'ResultRetention', 'Reemergence']);
  });

  it('lists the monitor queue consumer (an SQS event source invokes it)', () => {
    expect(specs.filter((s) => s.kind === 'queue').map((s) => [s.name, s.entry])).toEqual([['MonitorRunConsumer', 'functions/jobs/monitor-runs.ts']]);
  });
});

describe('the PDF layer', () => {
  const specs = lambdaFunctions();
  // A bundle that imports pdfmake or fontkit (external in every bundle) without the layer fails on Lambda, and a
  // function with the layer it does not use pays for it in cold starts: the `pdf` flags must match the code.
  it('is given to exactly the functions whose bundles import the PDF renderer', async () => {
    const { metafile } = await buildMany();
    const needsLayer = specs
      .filter((spec) => {
        const imports = bundleOutputs(metafile!, spec.name).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
        return imports.some((i) => PDF_LAYER_MODULES.some((m) => i === m || i.startsWith(`${m}/`)));
      })
      .map((spec) => spec.name);
    expect(needsLayer.sort()).toEqual(specs.filter((s) => s.pdf).map((s) => s.name).sort());
    expect(needsLayer).toEqual(expect.arrayContaining(['documents', 'SendNotice']));
  }, 120_000);
});

describe('sharp, loaded lazily (issue 27)', () => {
  const specs = lambdaFunctions();
  const sharpImports = (metafile: NonNullable<BuildResult['metafile']>, name: string) =>
    bundleOutputs(metafile, name).flatMap((o) =>
      o.imports.filter((i) => i.external && (i.path === 'sharp' || i.path.startsWith('sharp/'))).map((i) => i.kind),
    );

  // A static import of sharp loads libvips at every cold start, and fails a function without the media layer
  // at init; only functions/lib/sharp.ts imports it, on first use.
  it('no bundle imports sharp at its top', async () => {
    const { metafile } = await buildMany();
    const kinds = Object.fromEntries(specs.map((s) => [s.name, sharpImports(metafile!, s.name)]));
    expect(Object.entries(kinds).filter(([, k]) => k.some((kind) => kind !== 'dynamic-import'))).toEqual([]);
  }, 300_000);

  // The media layer goes to exactly the functions whose code can reach the decoder: the media parsers, the case
  // form's named-URL check (cases) and the notice's evidence thumbnails (documents, SendNotice). Bulk cases,
  // automatic submission (Finalize) and the recovery functions file cases without decoding (bulk-case.ts);
  // re-emergence (issue 25) matches the pictures of new posts in sources against reference files.
  it('is in exactly the bundles of the functions that get the media layer', async () => {
    const { metafile } = await buildMany();
    const withSharp = specs.filter((s) => sharpImports(metafile!, s.name).length > 0).map((s) => s.name).sort();
    expect(withSharp).toEqual(specs.filter((s) => s.media).map((s) => s.name).sort());
    expect(withSharp).toEqual(['BulkSendGroup', 'Fingerprint', 'Reemergence', 'SendNotice', 'Triage', 'cases', 'documents', 'likeness']);
  }, 300_000);
});

describe('the face layer', () => {
  const specs = lambdaFunctions();
  // Likeness (issue 24): face-api and TensorFlow.js are external in every bundle; the functions that detect faces
  // get the face layer, and their bundles carry the weights and wasm files (copy-assets.ts).
  it('is given to exactly the functions whose bundles import face-api: the likeness area and Triage', async () => {
    const { metafile } = await buildMany();
    const needsLayer = specs
      .filter((spec) => {
        const imports = bundleOutputs(metafile!, spec.name).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
        return imports.some((i) => FACE_LAYER_MODULES.some((m) => i === m || i.startsWith(`${m}/`)));
      })
      .map((spec) => spec.name);
    expect(needsLayer.sort()).toEqual(specs.filter((s) => s.face).map((s) => s.name).sort());
    expect(needsLayer.sort()).toEqual(['Triage', 'likeness']);
  }, 120_000);
});

describe('grants follow the code', () => {
  const specs = lambdaFunctions();
  // A function that can reach SES or the provider secret without the grant fails on AWS alone, where no local test
  // runs (the agent console's counter-notice mail and delisting check once sat in the cases area, which had
  // neither); a grant the code cannot use is privilege for nothing. Each grant goes to exactly the functions whose
  // bundles hold code of a module that uses it, but for the ones listed here, with the reason (remove one once its
  // module is split).
  const USED_BY = {
    sendMail: ['functions/adapters/mail/create-mail-sender.ts'],
    // the search providers' keys, and Reddit's credentials for the sources (the same secret)
    providerKeys: ['functions/adapters/providers/config.ts', 'functions/adapters/sources/config.ts'],
  } as const;
  const CARRIED_NOT_CALLED: Record<keyof typeof USED_BY, Record<string, string>> = {
    sendMail: {},
    providerKeys: { QueueDelisting: 'services/cases/delisting.ts holds the queue and the check; only CheckDelisting asks an engine' },
  };
  it.each(Object.keys(USED_BY) as (keyof typeof USED_BY)[])('%s: granted to exactly the functions whose code uses it', async (grant) => {
    const { metafile } = await buildMany();
    const carries = (name: string) => bundleOutputs(metafile!, name).some((o) => USED_BY[grant].some((m) => (o.inputs[m]?.bytesInOutput ?? 0) > 0));
    const using = specs.filter((s) => carries(s.name) && !(s.name in CARRIED_NOT_CALLED[grant])).map((s) => s.name);
    expect(using.sort()).toEqual(specs.filter((s) => s.access[grant]).map((s) => s.name).sort());
    // The exemptions are still carried (else the entry is stale).
    expect(Object.keys(CARRIED_NOT_CALLED[grant]).filter((name) => !carries(name))).toEqual([]);
    expect(using).toEqual(expect.arrayContaining(grant === 'sendMail' ? ['agent', 'SendNotice'] : ['agent', 'QueryEngine']));
  }, 300_000);
});

describe('one build of many bundles', () => {
  // buildLambdaBundles builds every bundle of an app in one esbuild run; an entry outside an app is built alone.
  // A PDF renderer with assets, a media task and a plain area: the same bytes and the same inputs either way.
  it.each(['documents', 'Triage', 'system'])('%s: the same bundle, source map and inputs as a build of its entry alone', async (name) => {
    const specs = lambdaFunctions();
    const spec = specs.find((s) => s.name === name)!;
    const out = path.join(os.tmpdir(), 'vigil-alone', name);
    const alone = await build({ ...esbuildOptions(spec.entry, out), write: false });
    const many = await buildMany();
    const files = (result: BuildResult, dir: string) =>
      Object.fromEntries(result.outputFiles!.filter((f) => path.dirname(f.path) === dir).map((f) => [path.basename(f.path), f.text]));
    expect(Object.keys(files(alone, out)).sort()).toEqual([LAMBDA_BUNDLE.outfile, `${LAMBDA_BUNDLE.outfile}.map`]);
    expect(files(many, path.join(MANY_DIR, name))).toEqual(files(alone, out));
    const inputs = entryMetafile(many.metafile!, path.join(MANY_DIR, name, LAMBDA_BUNDLE.outfile)).inputs;
    expect(Object.keys(inputs).sort()).toEqual(Object.keys(alone.metafile!.inputs).sort());
  }, 120_000);
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
