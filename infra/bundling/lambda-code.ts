import * as fs from 'node:fs';
import * as path from 'node:path';
import { AssetHashType, DockerImage, Stage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct, IConstruct } from 'constructs';
import { REPO_ROOT } from '../context';
import { buildLambdaBundles } from './lambda-bundle';

/**
 * Functions bundled together: the first whose asset CDK stages builds all of them in one esbuild run
 * (`buildLambdaBundles`) into a folder of the cloud assembly, and each function's asset step moves its own
 * bundle out. CDK's NodejsFunction runs esbuild once per function, parsing the modules they share (the SDK,
 * middy, the services) 30 times: about 80 s of a synth on two cores instead of 15.
 */
class BundleBatch {
  private built?: Map<string, string>;

  constructor(
    /** Entry file (relative to the repository root) to the bundle's folder name. */
    private readonly names: Map<string, string>,
    private readonly dir: string,
  ) {}

  has(entry: string): boolean {
    return this.names.has(entry);
  }

  /** Moves the bundle of `entry` into `outputDir` (CDK's empty bundling folder), building the batch first if needed. */
  moveTo(entry: string, outputDir: string): void {
    this.built ??= buildLambdaBundles(Object.fromEntries([...this.names].map(([file, name]) => [name, file])), this.dir);
    const bundle = this.built.get(this.names.get(entry)!);
    if (!bundle || !fs.existsSync(bundle)) throw new Error(`the bundle of ${entry} was built once and has been staged already`);
    fs.cpSync(bundle, outputDir, { recursive: true });
    fs.rmSync(bundle, { recursive: true });
    if (fs.readdirSync(this.dir).length === 0) fs.rmdirSync(this.dir);
  }
}

const batches = new WeakMap<IConstruct, BundleBatch>();

/**
 * A folder in the cloud assembly beside CDK's own bundling folders (`bundling-temp-*`), on the disk the assets
 * are staged to. Left there only when a synth stages some of the batch (`--exclusively`), never in the repository.
 */
function bundlingDir(scope: IConstruct, name: string): string {
  const stage = Stage.isStage(scope) ? scope : Stage.of(scope);
  if (!stage) throw new Error(`${scope.node.path} is not inside a CDK App or Stage`);
  return path.join(stage.assetOutdir, `bundling-temp-${name}`);
}

/**
 * Registers the functions `app` deploys (bundle folder name to entry file), so that their bundles are built in
 * one run the first time one is staged. buildVigil registers every function of `lambdaFunctions()`.
 */
export function bundleTogether(app: IConstruct, entries: Record<string, string>): void {
  const names = new Map(Object.entries(entries).map(([name, entry]) => [relative(entry), name]));
  batches.set(app.node.root, new BundleBatch(names, bundlingDir(app, 'vigil-functions')));
}

/**
 * The code of the Lambda function for `entry` (relative to the repository root, or absolute): a CDK asset
 * bundled locally (never in Docker) by `buildLambdaBundles`, so it is the very build the local runtime and the
 * tests run. An entry its app did not register with `bundleTogether` is built alone. CDK's own asset rules
 * hold: the asset is hashed by its output, and a stack left out of `cdk synth --exclusively` (or of the context
 * key `aws:cdk:bundling-stacks`) is not bundled at all.
 */
export function lambdaCode(scope: Construct, entry: string): lambda.Code {
  const file = relative(entry);
  const registered = batches.get(scope.node.root);
  const batch = () => (registered?.has(file) ? registered : new BundleBatch(new Map([[file, 'function']]), bundlingDir(scope, `vigil-${path.basename(path.dirname(file))}`)));
  return lambda.Code.fromAsset(path.dirname(path.join(REPO_ROOT, file)), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Names the entry, which also keeps CDK's asset cache (keyed by folder and options) apart for two
      // entries in one folder. The image is never pulled: the local step always bundles or throws.
      command: [file],
      image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
      local: {
        tryBundle: (outputDir) => {
          batch().moveTo(file, outputDir);
          return true;
        },
      },
    },
  });
}

function relative(entry: string): string {
  return path.relative(REPO_ROOT, path.resolve(REPO_ROOT, entry)).split(path.sep).join('/');
}
