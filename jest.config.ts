/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// These packages ship ESM only; swc turns them into CommonJS so jest can stay in its CommonJS mode.
const esmOnly = ['@middy', 'jose', 'openid-client', 'oauth4webapi', 'oidc-provider', 'file-type', 'strtok3', 'token-types', 'uint8array-extras', 'p-retry', 'is-network-error', '@tokenizer', 'peek-readable', '@borewit', 'p-map'];

const config: Config = {
  testEnvironment: 'node',
  // file-type and friends export only `import`/`module-sync` conditions; Node 20.19+ requires them natively.
  testEnvironmentOptions: { customExportConditions: ['node', 'require', 'module-sync', 'default'] },
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } }] },
  // With `module-sync` above, these CommonJS packages (pulled in by s3rver's koa) resolve to a `.mjs` wrapper
  // jest cannot load; point them back at their CommonJS entry.
  moduleNameMapper: {
    ...Object.fromEntries(
      ['async-function', 'async-generator-function', 'generator-function'].map((p) => [`^${p}$`, `<rootDir>/node_modules/${p}/index.js`]),
    ),
    // The web's path aliases (web/tsconfig.json, web/vite.config.ts).
    '^@shared/(.*)$': '<rootDir>/shared/$1',
    '^@/(.*)$': '<rootDir>/web/src/$1',
  },
  setupFiles: ['<rootDir>/test/setup.ts'],
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  testMatch: ['<rootDir>/{functions,shared,local,infra,bench,web,test}/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '/cdk.out/', '/e2e/'],
  testTimeout: 30_000,
  // Jest's default is one worker fewer than the cores: one on CI's 2-core runner. Most suites wait on stand-ins
  // and child processes (dynalite, s3rver, the workflows, the crash suite's runtime) rather than compute, so two
  // workers keep both cores busy and cut the wall time.
  maxWorkers: 2,
};

export default config;
