// Browser tests: playwright-core driving Debian's Chromium against the running platform.
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  rootDir: '..',
  displayName: 'browser',
  testMatch: ['<rootDir>/e2e/tests/**/*.e2e.ts'],
  setupFilesAfterEnv: ['<rootDir>/e2e/support/origin-guard.setup.ts'],
  testTimeout: 90000,
  maxWorkers: 1,
};
