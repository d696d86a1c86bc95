// Lint for the whole monorepo, including the dependency rule of DESIGN.md: contracts import nothing of ours;
// services/platform only contracts; a bounded context only contracts and platform, never another context;
// projections only contracts and platform; web none of them (its bridge is the generated client). Inside web/src:
// shared -> features -> app, and no feature imports another.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';

const contexts = ['accounts', 'sync', 'ledger', 'market', 'esi-sim'];
const allServices = ['platform', 'server', ...contexts];

const zones = [
  {
    target: './contracts',
    from: ['./services', './projections', './web'],
    message: 'contracts is the shared vocabulary: it imports nothing of ours.',
  },
  {
    target: './services/platform',
    from: [
      ...allServices.filter((s) => s !== 'platform').map((s) => `./services/${s}`),
      './projections',
      './web',
    ],
    message: 'services/platform imports only contracts.',
  },
  ...contexts.map((context) => ({
    target: `./services/${context}`,
    from: [
      ...allServices.filter((s) => s !== context && s !== 'platform').map((s) => `./services/${s}`),
      './projections',
      './web',
    ],
    message:
      'A bounded context imports contracts and services/platform only; contexts talk through messages and events.',
  })),
  {
    target: './projections',
    from: [...allServices.filter((s) => s !== 'platform').map((s) => `./services/${s}`), './web'],
    message: 'projections imports contracts and services/platform only.',
  },
  {
    target: './web',
    from: ['./contracts/src', './services', './projections'],
    message: 'web reads the API through its generated client only.',
  },
];

const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webZones = [
  {
    target: './web/src/shared',
    from: ['./web/src/features', './web/src/app'],
    message: 'Inside web/src, shared -> features -> app: shared imports neither.',
  },
  {
    target: './web/src/features',
    from: './web/src/app',
    message: 'Inside web/src, shared -> features -> app: a feature does not import the app.',
  },
  ...webFeatures.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'No feature imports another: share through web/src/shared, compose in web/src/app.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'web/src/shared/api/generated/**',
      'tests/.results/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      'import/no-cycle': ['error', { maxDepth: 3 }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      'import/resolver': { typescript: { project: './web/tsconfig.json' }, node: true },
    },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'import/no-restricted-paths': ['error', { zones: [...zones, ...webZones] }],
      'import/no-cycle': ['error', { maxDepth: 3 }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/cli.ts', 'tests/**/*.ts', '**/*.spec.ts', '**/progress-printer.ts'],
    rules: { 'no-console': 'off' },
  },
);
