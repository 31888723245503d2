import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';

// Features never import each other (bulletproof-react): shared code lives in web/src/{components,lib}.
const featuresDir = 'web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
// The web reaches shared/ through the `@shared/` alias only, never by a relative path.
const sharedByAlias = { regex: '^(\\.\\.?/)+(\\.\\./)*shared(/|$)', message: 'Import shared/ as @shared/... in the web.' };
// Components are the shared building blocks of the features: they never import a feature.
const componentBoundaries = {
  files: ['web/src/components/**/*.{ts,tsx}', 'web/src/lib/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [sharedByAlias, { group: ['@/features', '@/features/**', '**/features/**'], message: 'components/ and lib/ do not import features/.' }] }],
  },
};
/**
 * Lambda code imports zod as a namespace (`import * as z from 'zod'`): through the named `z` re-export esbuild
 * keeps all of zod (its locales, the JSON-schema reader), about 100 KB gzip in every bundle (README, bench:lambda).
 */
const zodNamespace = [
  'error',
  {
    selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z']",
    message: "Import zod as a namespace: import * as z from 'zod' (keeps the Lambda bundles small).",
  },
];
const webRest = {
  files: ['web/src/app/**/*.{ts,tsx}', 'web/src/styles/**/*.{ts,tsx}'],
  rules: { 'no-restricted-imports': ['error', { patterns: [sharedByAlias] }] },
};
const featureBoundaries = features.map((name) => ({
  files: [`${featuresDir}/${name}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          sharedByAlias,
          {
            group: features
              .filter((other) => other !== name)
              .flatMap((other) => [`**/features/${other}`, `**/features/${other}/**`, `../${other}`, `../${other}/**`, `../../${other}/**`]),
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'cdk.out/**', '.data/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // shared/ is the contract used by the browser and Lambda alike: no Node or AWS imports.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-syntax': zodNamespace,
      'no-restricted-imports': ['error', { patterns: ['node:*', '@aws-sdk/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'fs', 'path', 'crypto'] }],
    },
  },
  {
    files: ['functions/**/*.ts'],
    rules: { 'no-restricted-syntax': zodNamespace },
  },
  {
    // functions/store/ owns the table: nothing else in functions/ (tests included) imports the DynamoDB SDK.
    files: ['functions/**/*.ts'],
    ignores: ['functions/store/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb'], message: 'Only functions/store/ talks to DynamoDB: use an entity or store/table.' }] },
      ],
    },
  },
  componentBoundaries,
  webRest,
  ...featureBoundaries,
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
