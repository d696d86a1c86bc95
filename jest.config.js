const fs = require('node:fs');
const path = require('node:path');

const swcConfig = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swcConfig.$schema;
const transform = { '^.+\\.ts$': ['@swc/jest', { ...swcConfig, swcrc: false }] };
const common = {
  transform,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/web/'],
};
// Kinds of test that may run on Kafka and FerretDB: what a file made there is deleted after it.
const withServers = { ...common, testEnvironment: '<rootDir>/tests/support/server-state-environment.ts' };
// The web client's pure logic (formatting, banner priority, selectors): TSX and React's automatic runtime.
const webSwc = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
  swcrc: false,
};

/** Each project is one kind of test (DESIGN.md §Tests); .ci/run sums them all. */
module.exports = {
  reporters: ['default', '<rootDir>/tests/support/summary-reporter.js'],
  globalSetup: '<rootDir>/tests/support/global-setup.ts',
  testSequencer: '<rootDir>/tests/support/test-sequencer.js',
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/**/src/**/*.unit.spec.ts'] },
    { ...withServers, displayName: 'int', testMatch: ['<rootDir>/**/src/**/*.int.spec.ts'] },
    {
      ...withServers,
      displayName: 'contract',
      testMatch: ['<rootDir>/tests/contract/**/*.spec.ts'],
    },
    { ...withServers, displayName: 'fault', testMatch: ['<rootDir>/tests/fault/**/*.spec.ts'] },
    { ...withServers, displayName: 'e2e', testMatch: ['<rootDir>/tests/e2e/**/*.spec.ts'] },
    // The incumbent's clients replayed against our public market API (issue 24).
    { ...common, displayName: 'compat', testMatch: ['<rootDir>/tests/compat/**/*.spec.ts'] },
    { ...common, displayName: 'esi', testMatch: ['<rootDir>/tests/esi/**/*.spec.ts'] },
    {
      displayName: 'web',
      testMatch: ['<rootDir>/web/src/**/*.unit.spec.{ts,tsx}'],
      transform: { '^.+\\.tsx?$': ['@swc/jest', webSwc] },
      testEnvironment: 'node',
      moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
      testPathIgnorePatterns: ['/node_modules/'],
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/tests/browser/**/*.spec.ts'],
      globalSetup: '<rootDir>/tests/browser/support/global-setup.ts',
    },
  ],
};
