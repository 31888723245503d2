/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// These packages ship ESM only; swc turns them into CommonJS so jest can stay in its CommonJS mode.
const esmOnly = ['@middy', 'jose', 'openid-client', 'oauth4webapi', 'oidc-provider', 'file-type', 'strtok3', 'token-types', 'uint8array-extras', 'p-retry', 'is-network-error', '@tokenizer', 'peek-readable'];

const config: Config = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } }] },
  setupFiles: ['<rootDir>/test/polyfills.ts'],
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  testMatch: ['<rootDir>/{functions,shared,local,infra,bench,web}/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '/cdk.out/', '/e2e/'],
  testTimeout: 30_000,
};

export default config;
