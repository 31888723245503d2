import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildBundles, type BuiltBundles } from '../../local/bundles/build';

// The local builder and `cdk synth` (lambdaCode) both build with buildLambdaBundles: the same esbuild options
// (LAMBDA_BUNDLE) and the same asset step (copyBundleAssets), so this output is what CDK zips for these functions.
const FONTS = ['NotoSansJP-Regular.ttf', 'Roboto-Italic.ttf', 'Roboto-Medium.ttf', 'Roboto-MediumItalic.ttf', 'Roboto-Regular.ttf'];
const RENDERERS = ['documents', 'SendNotice', 'MonthlyReportTask'];

let built: BuiltBundles;
beforeAll(async () => {
  built = await buildBundles({ only: (spec) => [...RENDERERS, 'system'].includes(spec.name), media: false });
}, 180_000);
afterAll(() => {
  if (built) fs.rmSync(built.dir, { recursive: true, force: true });
});

const fontsOf = (name: string) => {
  const dir = path.join(built.bundles.get(name)!.dir, 'assets', 'fonts');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

describe('the asset step', () => {
  it.each(RENDERERS)('puts the notice fonts in assets/fonts/ of the %s bundle, whole TrueType files', (name) => {
    expect(built.bundles.has(name)).toBe(true);
    expect(fontsOf(name)).toEqual(FONTS);
    for (const font of FONTS) {
      const bytes = fs.readFileSync(path.join(built.bundles.get(name)!.dir, 'assets', 'fonts', font));
      // The TrueType sfnt version 1.0, and more than a header.
      expect(bytes.readUInt32BE(0)).toBe(0x00010000);
      expect(bytes.length).toBeGreaterThan(50_000);
    }
  });

  it('leaves them out of a bundle that renders no PDF, and leaves no metafile behind', () => {
    expect(fontsOf('system')).toEqual([]);
    for (const b of built.bundles.values()) expect(fs.readdirSync(b.dir)).not.toContain('index.meta.json');
  });
});
