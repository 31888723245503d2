/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';
import { tiers } from './test/tiers';

// These packages ship ESM only; swc turns them into CommonJS so jest can stay in its CommonJS mode.
const esmOnly = ['@middy', 'jose', 'openid-client', 'oauth4webapi', 'oidc-provider', 'file-type', 'strtok3', 'token-types', 'uint8array-extras', 'p-retry', 'is-network-error', '@tokenizer', 'peek-readable', '@borewit', 'p-map'];

/** What both tiers share. */
const shared: Config = {
  testEnvironment: 'node',
  // file-type and friends export only `import`/`module-sync` conditions; Node 20.19+ requires them natively.
  testEnvironmentOptions: { customExportConditions: ['node', 'require', 'module-sync', 'default'] },
  // swc, then the built-ins as module-local names, without which the sources' hot loops (the matcher's) run many
  // times slower under jest (test/jest-transform.js).
  transform: { '^.+\\.(t|j)sx?$': ['<rootDir>/test/jest-transform.js', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } }] },
  // With `module-sync` above, these CommonJS packages (pulled in by s3rver's koa) resolve to a `.mjs` wrapper
  // jest cannot load; point them back at their CommonJS entry.
  moduleNameMapper: {
    ...Object.fromEntries(
      ['async-function', 'async-generator-function', 'generator-function'].map((p) => [`^${p}$`, `<rootDir>/node_modules/${p}/index.js`]),
    ),
    // The web's path aliases (web/tsconfig.json, web/vite.config.ts).
    '^@shared/(.*)$': '<rootDir>/shared/$1',
    '^@bench/(.*)$': '<rootDir>/bench/$1',
    '^@/(.*)$': '<rootDir>/web/src/$1',
  },
  setupFiles: ['<rootDir>/test/setup.ts'],
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  testPathIgnorePatterns: ['/node_modules/', '/cdk.out/', '/e2e/'],
};

/*
 * Two tiers (the rule: test/tiers.ts): `fast`, the files that start nothing and load nothing heavy (no stand-in,
 * server, child process, CDK synthesis or bundling; `npm run test:fast`, well under a minute), and `integration`,
 * the rest (`npm run test:integration`). `npx jest` runs both, `npx jest --selectProjects fast --ci <paths>` one.
 * A file's tier follows from its imports, so a new test lands in its tier without a list to keep (`npm run
 * test:tiers` says which and why); the fast tier's guard (test/fast-tier-guard.ts) fails a file that starts
 * something anyway.
 */
const files = tiers(__dirname);
const exactly = (list: string[]) => list.map((f) => `<rootDir>/${f}`);

const config: Config = {
  projects: [
    { ...shared, displayName: 'fast', testMatch: exactly(files.fast), setupFilesAfterEnv: ['<rootDir>/test/fast-tier-guard.ts'] },
    { ...shared, displayName: 'integration', testMatch: exactly(files.integration) },
  ],
  testTimeout: 30_000,
  // Jest's default is one worker fewer than the cores: one on CI's 2-core runner. Most suites wait on stand-ins
  // and child processes (dynalite, s3rver, the workflows, the crash suite's runtime) rather than compute, so two
  // workers keep both cores busy and cut the wall time.
  maxWorkers: 2,
};

export default config;
