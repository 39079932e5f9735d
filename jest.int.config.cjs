// Service tier: the real apps on a real Postgres (DATABASE_URL or an embedded one
// started once for the run by the global setup); each test file makes its own database.
module.exports = {
  ...require('./jest.preset.cjs'),
  displayName: 'service',
  testMatch: ['<rootDir>/{apps,libs,tools}/**/*.int-spec.ts'],
  globalSetup: '<rootDir>/libs/testing/src/global-setup.cjs',
  globalTeardown: '<rootDir>/libs/testing/src/global-teardown.cjs',
  // Hooks too: a file's beforeAll boots its services, over 60 s on a loaded machine.
  testTimeout: 120000,
  maxWorkers: 2,
};
