// Shared Jest settings: SWC transform with the build's options, workspace aliases.
const { swcOptions } = require('./tools/build/swc-options.cjs');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace('/', '\\/')}$`,
    `<rootDir>/${target.replace(/^\.\//, '')}`,
  ]),
);

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { ...swcOptions(), swcrc: false }],
    // NestJS 12 and a few others ship ES modules only; Node runs them through
    // require(esm), Jest's module runtime does not, so they are compiled to CommonJS.
    '^.+\\.m?js$': [
      '@swc/jest',
      {
        swcrc: false,
        jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|uid|@fastify/static|content-disposition|typeorm)/)'],
  moduleNameMapper,
  setupFiles: ['<rootDir>/libs/testing/src/ts-worker-threads.cjs'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
