// Installs the fakesnow server (a Snowflake HTTP API over DuckDB, PyPI `fakesnow[server]`) into a
// virtualenv under .cache/, once; the Snowflake connector tests start it. Prints the venv's python
// path. Exits 2 (and says why) when python3 or its venv module is missing, so callers can skip.
//   node tools/test/fakesnow/ensure-fakesnow.mjs
import { fileURLToPath } from 'node:url';
import { ensureVenv, ensureVenvCommand, venvPaths } from '../python-venv.mjs';

// Pinned, so every machine runs the same peer: fakesnow 0.12.1 leaves the Python connector
// unpinned, and connector 5.x moved modules fakesnow imports.
export const FAKESNOW_REQUIREMENTS = [
  'fakesnow[server]==0.12.1',
  'snowflake-connector-python==4.8.1',
  'duckdb==2.0.1',
  'sqlglot==30.22.0',
  'pyarrow==26.0.1',
  'starlette==1.10.0',
  'uvicorn==0.54.0',
];
const VENV = 'fakesnow-venv';
export const venvDir = venvPaths(VENV).dir;
export const venvPython = venvPaths(VENV).python;

/** Returns the venv's python, installing fakesnow first if needed; null (with a reason) if it cannot. */
export function ensureFakesnow() {
  return ensureVenv(VENV, FAKESNOW_REQUIREMENTS);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureVenvCommand('fakesnow', ensureFakesnow);
