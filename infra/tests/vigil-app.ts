import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { buildVigil, type VigilStacks } from '../app';
import { REPO_ROOT } from '../context';
import { MEDIA_LAYER_FILES } from '../layers/media-layer';

const created: string[] = [];

/** A fresh directory under the OS temp dir, removed by `removeTempDirs()` (call it in `afterAll`). */
export function tempDir(prefix = 'vigil-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Removes every directory `tempDir()` made (cloud assemblies with bundles are several MB each). */
export function removeTempDirs(): void {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** cdk.json's context (feature flags and Vigil's defaults), so tests build the app exactly as `cdk synth` does. */
export function cdkJsonContext(): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')).context;
}

/** A throwaway built site, so the BucketDeployment path (and its cdk-nag acknowledgements) is always covered. */
export function fakeSiteDir(): string {
  const dir = tempDir('vigil-site-');
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Vigil</title>');
  return dir;
}

/**
 * A stand-in for the built media layer (`npm run build:layers` needs the registry and takes 100 MB): the files
 * the MediaLayer construct looks for, so the layer and its wiring are synthesized and checked offline.
 */
export function fakeMediaLayerDir(): string {
  const dir = tempDir('vigil-media-layer-');
  for (const file of Object.values(MEDIA_LAYER_FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), `stand-in for ${file}\n`);
  }
  return dir;
}

/** A complete prod configuration (nothing example.com / .example): what `-c stage=prod` must be given. */
export const PROD_CONTEXT = {
  stage: 'prod',
  siteUrl: 'https://vigil.test',
  mailFrom: 'dmca@vigil.test',
  supportEmail: 'support@vigil.test',
  alarmEmail: 'ops@vigil.test',
  agentName: 'Test Agent',
  agentCompany: 'Test Agent LLC',
  agentAddress: '1 Test Street; Testville, CA 90000; United States',
  agentEmail: 'agent@vigil.test',
  agentPhone: '+1 415 555 2671',
  providerSecretArn: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:vigil/providers-AbC123',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f1e2d3c-4b5a-6978-8695-a4b3c2d1e0f9',
} as const;

export interface SynthesizedVigil {
  app: App;
  stacks: VigilStacks;
  assembly: CloudAssembly;
}

/**
 * Builds and synthesizes the whole app once (with cdk-nag registered, as in bin/vigil.ts) into a temp dir.
 * A cdk-nag error makes `synth()` throw with the report, so reaching the return means no unacknowledged error.
 */
export function synthVigil(context: Record<string, unknown> = {}): SynthesizedVigil {
  const outdir = tempDir('vigil-cdk-');
  const app = new App({ outdir, context: { ...cdkJsonContext(), ...context } });
  const stacks = buildVigil(app, { siteDir: fakeSiteDir(), mediaLayerDir: fakeMediaLayerDir() });
  const assembly = app.synth();
  return { app, stacks, assembly };
}
