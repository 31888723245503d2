import type { KnipConfig } from 'knip';

/** Unused files, exports and dependencies: `npm run lint` runs knip after eslint and fails on any. */
const config: KnipConfig = {
  // The programs of the repository. Tests (jest), journeys and their server (playwright), the configs of vite,
  // eslint and jest, and the files the package scripts run (local/server.ts, infra/layers/build-media-layer.ts)
  // are found by knip's plugins and its reading of package.json.
  entry: [
    // The CDK app (cdk.json's "app").
    'infra/bin/vigil.ts',
    // One Lambda per API area and per workflow task: the stacks and infra/bundling/functions.ts name them by path.
    'functions/http/*/index.ts',
    'functions/workflows/*/*.ts',
    // The scheduled and queue functions (functions/jobs/): the workflows stack names them by path.
    'functions/jobs/*.ts',
    // The child process the local runtime's bundles mode starts by path (local/bundles/pool.ts).
    'local/bundles/runner.mjs',
    // Preloaded (--import) into the runtime the crash suite starts (local/tests/support/runtime.ts).
    'local/tests/support/shifted-clock.ts',
    // `npm run bench:*` (`tsx bench/x.ts`).
    'bench/*.ts',
    // The worker threads bench:match starts by path (bench/matching/pool.ts).
    'bench/matching/worker.ts',
    // The child processes bench:monitors forks by path (the table, and each consumer as its own Lambda).
    'bench/support/dynalite-process.ts',
    'bench/support/monitor-consumer.ts',
    // The likeness function's entry the face probe bundles by path (local/bundles/face-probe.ts).
    'local/bundles/face-probe-entry.ts',
  ],
  project: ['{infra,functions,shared,local,bench,test,e2e,web/src}/**/*.{ts,tsx,mjs}', 'web/src/**/*.css'],
  paths: { '@/*': ['web/src/*'], '@shared/*': ['shared/*'] },
  // A module may export a helper for its own tests.
  ignoreExportsUsedInFile: true,
  // The site's stylesheet imports Tailwind (`@import 'tailwindcss'`): read CSS imports as imports.
  compilers: {
    css: (text: string) => [...text.matchAll(/@import\s+['"]([^'"]+)['"]/g)].map(([, name]) => `import '${name}';`).join('\n'),
  },
  rules: {
    // Every workflow task exports its function twice on purpose: by name for the local runtime and as
    // `handler` for Lambda.
    duplicates: 'off',
  },
  ignoreIssues: {
    // Each contract schema has its inferred type beside it, used yet or not, so a caller finds it there.
    'shared/schemas/*.ts': ['types'],
    // The allowance service's public face: issues 10 and 11 are building on it now.
    'functions/services/allowances/index.ts': ['exports', 'types'],
  },
  ignoreDependencies: [
    // Loads jest.config.ts (its `@jest-config-loader` docblock, which knip does not read).
    'esbuild-register',
    // Not ours: packages of s3rver's koa that jest.config.ts maps back to their CommonJS entry.
    'async-function',
    'async-generator-function',
    'generator-function',
    // face-api's peers: built into the face layer by infra/layers/face-layer.ts (by package name), never imported.
    '@tensorflow/tfjs',
    '@tensorflow/tfjs-backend-wasm',
  ],
  // Command-line tools the tests run, installed by apt, not npm.
  ignoreBinaries: ['pdftotext', 'pdffonts', 'pdfimages', 'ffmpeg'],
};

export default config;
