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

// DESIGN.md §4: one runner loads, decides, appends and retries a version conflict. Code that names the conflict
// is writing its own retry loop; only the runner, the event stores raising it, their contract suites and the HTTP
// filter answering 409 once the runner's attempts are spent may.
const ownRetryLoop = {
  selector: [
    "ImportSpecifier[imported.name='WrongExpectedVersionError']",
    "MemberExpression[property.name='WrongExpectedVersionError']",
    "Literal[value='WrongExpectedVersionError']",
  ].join(', '),
  message:
    'Hand the decider to runDecider (services/platform/src/commands/decider-runner.ts): it appends with the expected revision and retries a WrongExpectedVersionError.',
};
// DESIGN.md §4, issue #17: every write is a @nestjs/cqrs command; only its @CommandHandler calls the runner, so
// controllers, consumers and services dispatch through the CommandBus.
const runnerOutsideHandler = {
  selector: "ImportSpecifier[imported.name='runDecider']",
  message:
    'Write a @CommandHandler (a *.handler.ts file) that calls runDecider, and dispatch its command through the CommandBus.',
};
const mayNameVersionConflicts = [
  'services/platform/src/commands/decider-runner*.ts',
  'services/platform/src/ports/event-store.port.ts',
  'services/platform/src/adapters/**/*.ts',
  'tests/contract/**/*.ts',
  'services/server/src/http/api-exception.filter.ts',
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
      'no-restricted-syntax': ['error', ownRetryLoop, runnerOutsideHandler],
    },
  },
  {
    files: ['services/**/*.handler.ts'],
    rules: { 'no-restricted-syntax': ['error', ownRetryLoop] },
  },
  {
    files: mayNameVersionConflicts,
    rules: { 'no-restricted-syntax': 'off' },
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
