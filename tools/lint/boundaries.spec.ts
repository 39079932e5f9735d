import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/** Lints a probe file placed inside a project, then removes it. */
function lintProbe(relativePath: string, source: string): string[] {
  const file = join(root, relativePath);
  writeFileSync(file, source);
  try {
    // The CLI, as `npm run lint` runs it (its config is an ES module Jest cannot load in-process).
    const run = spawnSync(
      process.execPath,
      [join(root, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', file],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string; message: string }[] }[];
    return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
  } finally {
    rmSync(file, { force: true });
  }
}

describe('module boundaries', () => {
  beforeAll(() => {
    // The boundary rule reads Nx's project graph; make sure it is computed.
    execFileSync(process.execPath, [join(root, 'node_modules/nx/dist/bin/nx.js'), 'show', 'projects'], {
      cwd: root,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
      stdio: 'ignore',
    });
  }, 60000);

  it('refuses an app importing another app', () => {
    const messages = lintProbe(
      'apps/reports-service/src/boundary-probe.ts',
      "import { SCHEMA } from '../../auth-service/src/app.module';\nexport const probe = SCHEMA;\n",
    );
    expect(messages.some((m) => m.startsWith('@nx/enforce-module-boundaries'))).toBe(true);
  }, 60000);

  it('refuses contracts importing anything but zod', () => {
    const messages = lintProbe(
      'libs/contracts/src/boundary-probe.ts',
      "import { Client } from 'pg';\nexport const probe = Client;\n",
    );
    expect(messages.some((m) => m.startsWith('no-restricted-imports'))).toBe(true);
  }, 60000);

  it('accepts a service importing the shared libraries', () => {
    const messages = lintProbe(
      'apps/reports-service/src/boundary-probe.ts',
      "import { SERVICE_PREFIX } from '@meridian/contracts';\nexport const probe = SERVICE_PREFIX.reports;\n",
    );
    expect(messages).toEqual([]);
  }, 60000);
});
