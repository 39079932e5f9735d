// Unit tier: pure logic beside the code, no database.
module.exports = {
  ...require('./jest.preset.cjs'),
  displayName: 'unit',
  testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/apps/web/'],
  // Jest's 5 s default fails on a busy CI machine (password hashing, local servers, lint probes).
  testTimeout: 30000,
  // Jest leaves a core to its parent by default; the parent only collects results, so both cores test.
  maxWorkers: 2,
};
