/**
 * The schemathesis tier: a tool written outside the project generates valid and invalid requests
 * from each service's OpenAPI document (`<prefix>/openapi.json`) and calls the platform, as
 * `npm start` runs it, as a freshly registered organisation's admin. Every response must be no
 * server error and must match what the document says of it (status code, content type, schema).
 *
 *   npm run test:schemathesis                         all four services (what CI runs)
 *   npm run test:schemathesis -- --service campaign   one service
 *   npm run test:schemathesis -- --max-examples 50 --seed 7
 *
 * Without python3's venv module it says why and skips, except in CI, where a skip would hide a
 * failure. Reports (NDJSON, one per service) are kept in a temporary folder it prints.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type ServiceName, serviceNames } from '@meridian/contracts';
import { signedInOrganisation } from './schemathesis-org';
import { CHECKS, type Exclusion, runService, type ServiceRunResult } from './schemathesis-run';

const root = join(__dirname, '..', '..', '..');

/** Operations left out, each for a reason: calling them would end the run's session or reach outside. */
export const EXCLUDED: Record<ServiceName, Exclusion[]> = {
  auth: [
    {
      method: 'POST',
      path: '/api/auth/v1/accounts/logout',
      reason: 'ends the session every other call is made with',
    },
  ],
  integrations: [
    {
      method: 'POST',
      path: '/api/integrations/v1/warehouse/connection/create',
      reason: 'connects to the warehouse host it is given (outside this machine)',
    },
    {
      method: 'POST',
      path: '/api/integrations/v1/warehouse/connection/update',
      reason: 'connects to the warehouse host it is given (outside this machine)',
    },
  ],
  campaign: [
    {
      method: 'POST',
      path: '/api/campaign/v1/assets/webhooks/preview.debug',
      reason: 'calls the URL it is given (outside this machine)',
    },
  ],
  reports: [],
};

/** The services in lanes of about equal length (the campaign service has half the operations). */
const LANES: ServiceName[][] = [['campaign'], ['auth', 'integrations', 'reports']];

function options() {
  const { values } = parseArgs({
    options: {
      service: { type: 'string', multiple: true },
      'max-examples': { type: 'string', default: '5' },
      seed: { type: 'string', default: '1' },
    },
  });
  const services = (values.service ?? serviceNames) as ServiceName[];
  const unknown = services.filter((s) => !serviceNames.includes(s));
  if (unknown.length > 0)
    throw new Error(`unknown service ${unknown.join(', ')} (one of ${serviceNames.join(', ')})`);
  const maxExamples = Number(values['max-examples']);
  const seed = Number(values.seed);
  if (!Number.isInteger(maxExamples) || maxExamples < 1 || !Number.isInteger(seed))
    throw new Error('--max-examples and --seed take whole numbers');
  return { services, maxExamples, seed };
}

function printResult(result: ServiceRunResult): void {
  const verdict = result.exitCode === 0 && result.failures.length === 0 ? 'PASS' : 'FAIL';
  process.stdout.write(
    `${verdict} ${result.service}: ${result.operations} operations tested, ${result.calls} calls, ` +
      `${result.failures.length} failures\n`,
  );
  for (const failure of result.failures) process.stdout.write(`  - ${failure}\n`);
  if (verdict === 'FAIL')
    process.stdout.write(`--- schemathesis output (${result.service}) ---\n${result.output}\n`);
}

async function main(): Promise<number> {
  const { services, maxExamples, seed } = options();
  const ensure = (await import(join(root, 'tools/test/schemathesis/ensure-schemathesis.mjs'))) as {
    ensureSchemathesis(): { python: string | null; reason?: string };
    schemathesisBin: string;
  };
  const { python, reason } = ensure.ensureSchemathesis();
  if (!python) {
    process.stdout.write(`schemathesis tier ${process.env.CI ? 'cannot run' : 'skipped'}: ${reason}\n`);
    return process.env.CI ? 1 : 0;
  }
  const { startPlatform } = (await import(join(root, 'e2e/support/platform-process.mjs'))) as {
    startPlatform(): Promise<{ baseUrl: string; output(): string; stop(): Promise<void> }>;
  };
  const started = Date.now();
  const platform = await startPlatform();
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void platform.stop().finally(() => process.exit(130)));
  const reportDir = mkdtempSync(join(tmpdir(), 'meridian-schemathesis-'));
  try {
    const { token, ids } = await signedInOrganisation(platform.baseUrl);
    const upIn = Math.round((Date.now() - started) / 1000);
    process.stdout.write(
      `platform up and an organisation signed in after ${upIn} s\n` +
        `schemathesis 4.32.5 on ${platform.baseUrl}: checks ${CHECKS.join(', ')}; ` +
        `at most ${maxExamples} examples per operation, seed ${seed}; reports in ${reportDir}\n`,
    );
    for (const service of services)
      for (const { method, path, reason: why } of EXCLUDED[service])
        process.stdout.write(`excluded ${method} ${path}: ${why}\n`);
    const results: ServiceRunResult[] = [];
    // Two lanes side by side: schemathesis spends much of its time waiting on the platform.
    const lane = async (names: ServiceName[]) => {
      for (const service of names.filter((name) => services.includes(name))) {
        const result = await runService({
          schemathesis: ensure.schemathesisBin,
          baseUrl: platform.baseUrl,
          token,
          ids,
          service,
          exclusions: EXCLUDED[service],
          maxExamples,
          seed,
          reportDir,
        });
        printResult(result);
        results.push(result);
      }
    };
    await Promise.all(LANES.map(lane));
    const failed = results.filter((r) => r.exitCode !== 0 || r.failures.length > 0);
    const total = (key: 'operations' | 'calls') => results.reduce((sum, r) => sum + r[key], 0);
    process.stdout.write(
      `schemathesis: ${total('operations')} operations, ${total('calls')} calls, ` +
        `${failed.length} of ${results.length} services failed (${Math.round((Date.now() - started) / 1000)} s)\n`,
    );
    if (failed.length > 0)
      process.stdout.write(`--- platform output ---\n${platform.output().slice(-8000)}\n`);
    return failed.length === 0 ? 0 : 1;
  } finally {
    await platform.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
