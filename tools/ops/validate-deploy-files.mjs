#!/usr/bin/env node
// Part of `npm run lint`: the deployment files checked by tools nobody here wrote.
// - k8s/*.yaml against the Kubernetes OpenAPI schemas of the oldest release we support and of the
//   newest the validator knows, strictly (a misspelt or misplaced field is an error, not ignored);
// - docker/*.Dockerfile with hadolint (a rule is ignored only inline, with its reason);
// - docker/compose.yaml against the Compose Specification's schema (the one `docker compose` uses).
// Without python3-venv it skips and says why; under CI that is a failure.
//   node tools/ops/validate-deploy-files.mjs
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeSchema, composeSchemaScript, ensureOpsTools } from './ensure-ops-tools.mjs';

/** Oldest supported release first (k8s/README.md says which). */
export const KUBERNETES_VERSIONS = ['1.31.0', '1.37.0'];
const root = fileURLToPath(new URL('../..', import.meta.url));
const filesIn = (dir, pattern) =>
  readdirSync(join(root, dir))
    .filter((f) => pattern.test(f))
    .sort()
    .map((f) => join(dir, f));

const { bin, reason } = ensureOpsTools();
if (!bin) {
  const message = `deployment files not validated: ${reason}`;
  if (process.env.CI) {
    console.error(`${message} (CI must validate them)`);
    process.exit(1);
  }
  console.warn(`${message}; skipped`);
  process.exit(0);
}

const manifests = filesIn('k8s', /\.ya?ml$/);
const dockerfiles = filesIn('docker', /Dockerfile$/);
const COMPOSE = 'docker/compose.yaml';
const checks = [
  ...KUBERNETES_VERSIONS.map((version) => [
    `Kubernetes ${version} schemas`,
    'kubernetes-validate',
    ['--kubernetes-version', version, '--strict', '--quiet', ...manifests],
  ]),
  ['hadolint', 'hadolint', ['--no-color', ...dockerfiles]],
  ['Compose Specification schema', 'python', [composeSchemaScript, 'validate', composeSchema, COMPOSE]],
];

let failed = false;
for (const [what, tool, args] of checks) {
  const result = spawnSync(join(bin, tool), args, { cwd: root, encoding: 'utf8' });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  // --quiet still prints a line per resource that passed; only the others are worth reading.
  const findings = output.split('\n').filter((line) => line && !/^INFO .* passed for resource /.test(line));
  if (result.status !== 0 || result.error) {
    failed = true;
    console.error(`${what}: failed\n${findings.join('\n') || result.error?.message}`);
  } else if (findings.length > 0) {
    console.warn(`${what}:\n${findings.join('\n')}`);
  }
}
if (failed) process.exit(1);
console.log(
  `deployment files valid: ${manifests.length} manifests (Kubernetes ${KUBERNETES_VERSIONS.join(', ')}, strict), ${dockerfiles.length} Dockerfiles (hadolint), ${COMPOSE} (Compose Specification)`,
);
