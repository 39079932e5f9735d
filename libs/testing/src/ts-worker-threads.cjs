// Tests run the services from TypeScript sources, and the services start worker threads (render
// pool, CSV parts) with the process's own Node options. Those options get the TypeScript hook
// here, so production code never needs to know it is being tested.
const { join } = require('node:path');

const hook = join(__dirname, 'register-ts.cjs');
if (!process.execArgv.includes(hook)) process.execArgv.push('--require', hook);
