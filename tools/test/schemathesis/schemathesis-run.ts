// One `schemathesis run` against one service's OpenAPI document, and what it did, read from its
// NDJSON event report: the operations it tested, the calls it made, the failures it found.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_PREFIX, type ServiceName } from '@meridian/contracts';

/** What schemathesis checks on every response. */
export const CHECKS = [
  'not_a_server_error',
  'response_schema_conformance',
  'status_code_conformance',
  'content_type_conformance',
];

export interface Exclusion {
  method: string;
  path: string;
  reason: string;
}

export interface ServiceRunOptions {
  schemathesis: string;
  baseUrl: string;
  token: string;
  /** Ids of records that exist, by request field: generated bodies use them half the time. */
  ids: Record<string, string>;
  service: ServiceName;
  exclusions: Exclusion[];
  maxExamples: number;
  seed: number;
  reportDir: string;
}

export interface ServiceRunResult {
  service: ServiceName;
  operations: number;
  calls: number;
  /** One line per distinct failure: operation, check and its title. */
  failures: string[];
  exitCode: number;
  output: string;
}

interface CheckResult {
  name: string;
  status: string;
  failure_info?: { failure?: { title?: string } };
}

interface ScenarioFinished {
  phase?: string;
  recorder?: {
    label?: string;
    interactions?: Record<string, unknown>;
    checks?: Record<string, CheckResult[]>;
  };
}

/** Operations, calls and distinct failures of one NDJSON report. */
export function summariseReport(ndjson: string): Pick<ServiceRunResult, 'operations' | 'calls' | 'failures'> {
  const labels = new Set<string>();
  const failures = new Set<string>();
  let calls = 0;
  for (const line of ndjson.split('\n')) {
    if (!line.includes('"ScenarioFinished"')) continue;
    const { phase, recorder } = (JSON.parse(line) as { ScenarioFinished: ScenarioFinished }).ScenarioFinished;
    if (!recorder?.label) continue;
    const made = Object.keys(recorder.interactions ?? {}).length;
    calls += made;
    // An operation counts once it was called; the stateful phase chains operations under one label
    // of its own, whose calls count but which is no operation.
    if (phase !== 'stateful' && made > 0) labels.add(recorder.label);
    for (const checks of Object.values(recorder.checks ?? {}))
      for (const check of checks)
        if (check.status === 'failure')
          failures.add(
            `${recorder.label}: ${check.name}${check.failure_info?.failure?.title ? ` (${check.failure_info.failure.title})` : ''}`,
          );
  }
  return { operations: labels.size, calls, failures: [...failures].sort() };
}

/** Runs schemathesis against `service` as the signed-in organisation; resolves when it is done. */
export async function runService(options: ServiceRunOptions): Promise<ServiceRunResult> {
  const { service, baseUrl } = options;
  const reportDir = join(options.reportDir, service);
  mkdirSync(reportDir, { recursive: true });
  // A dictionary per id field, bound to that body field wherever it appears, so generated
  // requests reach past "not found" into the services' logic.
  const config = join(reportDir, 'schemathesis.toml');
  const fields = Object.keys(options.ids);
  writeFileSync(
    config,
    [
      ...fields.map((field) => `[dictionaries.${field}]\nvalues = [${JSON.stringify(options.ids[field])}]`),
      '[parameters]',
      ...fields.map((field) => `"body.${field}" = { dictionary = "${field}", probability = 0.5 }`),
      '',
    ].join('\n'),
  );
  const args = [
    '--config-file',
    config,
    'run',
    `${baseUrl}${SERVICE_PREFIX[service]}/openapi.json`,
    '--url',
    baseUrl,
    '--header',
    `Authorization: Bearer ${options.token}`,
    '--checks',
    CHECKS.join(','),
    '--max-examples',
    String(options.maxExamples),
    '--seed',
    String(options.seed),
    '--workers',
    '1',
    '--request-timeout',
    '30',
    '--report',
    'ndjson',
    '--report-dir',
    reportDir,
    '--no-color',
    ...options.exclusions.flatMap((e) => ['--exclude-path', e.path]),
  ];
  // In the report folder: schemathesis keeps a cache (.schemathesis/) in its working directory.
  const child = spawn(options.schemathesis, args, { cwd: reportDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exitCode = await new Promise<number>((done) => child.on('close', (code) => done(code ?? 1)));
  const report = readdirSync(reportDir).find((file) => file.endsWith('.ndjson'));
  const summary = report
    ? summariseReport(readFileSync(join(reportDir, report), 'utf8'))
    : { operations: 0, calls: 0, failures: [] };
  return { service, exitCode, output, ...summary };
}
