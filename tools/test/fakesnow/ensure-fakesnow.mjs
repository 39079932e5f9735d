// Installs the fakesnow server (a Snowflake HTTP API over DuckDB, PyPI `fakesnow[server]`) into a
// virtualenv under .cache/, once; the Snowflake connector tests start it. Prints the venv's python
// path. Exits 2 (and says why) when python3 or its venv module is missing, so callers can skip.
//   node tools/test/fakesnow/ensure-fakesnow.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
const STAMP = FAKESNOW_REQUIREMENTS.join(' ');
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const venvDir = join(root, '.cache', 'fakesnow-venv');
export const venvPython = join(venvDir, 'bin', 'python');
const stamp = join(venvDir, '.meridian-installed');

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  return result.status === 0;
}

/** Returns the venv's python, installing fakesnow first if needed; null (with a reason) if it cannot. */
export function ensureFakesnow() {
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === STAMP) return { python: venvPython };
  const probe = spawnSync('python3', ['-c', 'import venv, ensurepip'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    return { python: null, reason: 'python3 with the venv module is not installed (apt: python3-venv)' };
  }
  mkdirSync(dirname(venvDir), { recursive: true });
  if (!existsSync(venvPython) && !run('python3', ['-m', 'venv', venvDir])) {
    return { python: null, reason: `could not create a virtualenv in ${venvDir}` };
  }
  const pip = [venvPython, '-m', 'pip', 'install', '--quiet', '--disable-pip-version-check'];
  if (!run(pip[0], [...pip.slice(1), ...FAKESNOW_REQUIREMENTS])) {
    return { python: null, reason: `pip could not install ${STAMP}` };
  }
  writeFileSync(stamp, STAMP);
  return { python: venvPython };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { python, reason } = ensureFakesnow();
  if (!python) {
    console.error(`fakesnow unavailable: ${reason}`);
    process.exit(2);
  }
  console.log(python);
}
