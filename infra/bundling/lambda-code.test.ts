import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as esbuild from 'esbuild';
import { REPO_ROOT } from '../context';
import { removeTempDirs, tempDir } from '../tests/vigil-app';
import { LAMBDA_BUNDLE } from './lambda-bundle';
import { bundleTogether, lambdaCode } from './lambda-code';

// Counts esbuild runs while leaving them real.
jest.mock('esbuild', () => {
  const actual = jest.requireActual<typeof import('esbuild')>('esbuild');
  return { ...actual, buildSync: jest.fn(actual.buildSync) };
});
const buildSync = esbuild.buildSync as jest.MockedFunction<typeof esbuild.buildSync>;

const SYSTEM = 'functions/http/system/index.ts';
const DOCUMENTS = 'functions/http/documents/index.ts';
const FONT = path.join('assets', 'fonts', 'Roboto-Regular.ttf');

afterAll(removeTempDirs);
beforeEach(() => buildSync.mockClear());

/** An app with one function per entry; returns each function's staged asset folder. */
function synth(entries: string[], opts: { together?: Record<string, string>; context?: Record<string, unknown> } = {}) {
  const app = new App({ outdir: tempDir('vigil-lambda-code-'), context: opts.context });
  if (opts.together) bundleTogether(app, opts.together);
  const stack = new Stack(app, 'S');
  const fns = entries.map(
    (entry, i) => new lambda.Function(stack, `F${i}`, { code: lambdaCode(stack, entry), handler: 'index.handler', runtime: lambda.Runtime.NODEJS_22_X }),
  );
  const assembly = app.synth();
  const resources = assembly.getStackByName('S').template.Resources as Record<string, { Type: string; Properties: { Code: { S3Key: string } } }>;
  const dirs = fns.map((fn) => {
    const key = resources[stack.getLogicalId(fn.node.defaultChild as lambda.CfnFunction)]!.Properties.Code.S3Key;
    return path.join(assembly.directory, `asset.${key.replace(/\.zip$/, '')}`);
  });
  return { dirs, outdir: assembly.directory };
}

describe('lambdaCode', () => {
  it('stages the functions an app registered from one esbuild run, each with its own bundle and assets, and leaves no build folder', () => {
    const { dirs, outdir } = synth([SYSTEM, DOCUMENTS], { together: { system: SYSTEM, documents: DOCUMENTS } });
    expect(buildSync).toHaveBeenCalledTimes(1);
    const [system, documents] = dirs as [string, string];
    expect(system).not.toBe(documents);
    for (const dir of dirs) expect(fs.readdirSync(dir)).toEqual(expect.arrayContaining([LAMBDA_BUNDLE.outfile, `${LAMBDA_BUNDLE.outfile}.map`]));
    // The asset step ran: only the PDF renderer carries the notice fonts.
    expect(fs.existsSync(path.join(documents, FONT))).toBe(true);
    expect(fs.existsSync(path.join(system, FONT))).toBe(false);
    expect(fs.readdirSync(outdir).filter((f) => f.startsWith('bundling-temp'))).toEqual([]);
  }, 120_000);

  it('builds an entry no app registered alone, to the same bytes', () => {
    const partial = synth([SYSTEM], { together: { system: SYSTEM, documents: DOCUMENTS } });
    const together = partial.dirs[0]!;
    // A bundle no function staged stays in the cloud assembly, never in the repository.
    expect(fs.readdirSync(path.join(partial.outdir, 'bundling-temp-vigil-functions'))).toEqual(['documents']);
    expect(fs.readdirSync(REPO_ROOT).filter((f) => f.startsWith('bundling-temp'))).toEqual([]);
    const alone = synth([SYSTEM]).dirs[0]!;
    expect(buildSync).toHaveBeenCalledTimes(2);
    expect(fs.readFileSync(path.join(alone, LAMBDA_BUNDLE.outfile))).toEqual(fs.readFileSync(path.join(together, LAMBDA_BUNDLE.outfile)));
  }, 120_000);

  it('bundles nothing for a stack CDK was told not to bundle', () => {
    synth([SYSTEM, DOCUMENTS], { together: { system: SYSTEM, documents: DOCUMENTS }, context: { 'aws:cdk:bundling-stacks': [] } });
    expect(buildSync).not.toHaveBeenCalled();
  });
});
