// A virtualenv under .cache/ with pinned PyPI packages, installed once: the Python test peers
// (fakesnow, schemathesis) each keep their own. A stamp file holds the requirement list, so a
// changed pin reinstalls and an unchanged one costs nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where the venv called `name` lives, and its python. */
export function venvPaths(name) {
  const dir = join(root, '.cache', name);
  return { dir, python: join(dir, 'bin', 'python'), bin: join(dir, 'bin') };
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  return result.status === 0;
}

/**
 * The venv's python, after installing `requirements` (exact pins) if the stamp says otherwise;
 * `{ python: null, reason }` when python3 or its venv module is missing or pip fails.
 */
export function ensureVenv(name, requirements) {
  const { dir, python } = venvPaths(name);
  const stamp = join(dir, '.meridian-installed');
  const wanted = requirements.join(' ');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return { python };
  const probe = spawnSync('python3', ['-c', 'import venv, ensurepip'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    return { python: null, reason: 'python3 with the venv module is not installed (apt: python3-venv)' };
  }
  mkdirSync(dirname(dir), { recursive: true });
  if (!existsSync(python) && !run('python3', ['-m', 'venv', dir])) {
    return { python: null, reason: `could not create a virtualenv in ${dir}` };
  }
  const pip = ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check'];
  if (!run(python, [...pip, ...requirements])) {
    return { python: null, reason: `pip could not install ${wanted}` };
  }
  writeFileSync(stamp, wanted);
  return { python };
}

/** For an ensure script run as a command: prints the python, or the reason and exits 2. */
export function ensureVenvCommand(tool, ensure) {
  const { python, reason } = ensure();
  if (!python) {
    console.error(`${tool} unavailable: ${reason}`);
    process.exit(2);
  }
  console.log(python);
}
