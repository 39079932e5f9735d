// One SWC configuration for the server code: the build script and Jest both use
// it, so tests run exactly what production runs. SWC (unlike esbuild) emits the
// decorator metadata NestJS and TypeORM rely on, and rewrites the workspace
// aliases of tsconfig.base.json into relative imports.
const path = require('node:path');
const { compilerOptions } = require('../../tsconfig.base.json');

const root = path.resolve(__dirname, '../..');

function swcOptions() {
  return {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
      baseUrl: root,
      paths: compilerOptions.paths,
    },
    module: { type: 'commonjs' },
    sourceMaps: true,
  };
}

module.exports = { swcOptions, root };
