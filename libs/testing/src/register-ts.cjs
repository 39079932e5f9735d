// Lets a child process of a test run TypeScript sources: `node -r <this file> x.ts`.
// Compiles with the build's SWC options (decorator metadata, workspace aliases),
// so a child runs the same code the services run. Registering the extension also
// makes extension-less relative imports find the .ts files. Test use only.
const { readFileSync } = require('node:fs');
const swc = require('@swc/core');
const { swcOptions } = require('../../../tools/build/swc-options.cjs');

const options = swcOptions();

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const { code } = swc.transformSync(readFileSync(filename, 'utf8'), {
    ...options,
    filename,
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
