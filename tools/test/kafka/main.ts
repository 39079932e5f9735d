// The Kafka tier: fetches Apache Kafka from Maven Central once (into .cache/kafka), starts one
// KRaft broker on loopback for the shared transport contract suite, runs the Kafka tests, then the
// platform itself on that broker (e2e/tests/kafka: a campaign and a warehouse sync), then one short seed of the fault tier on a broker
// of its own that it stops and starts mid-run (tools/test/fault, --kafka).
// Without Java or Maven it says why and skips, except in CI, where a skip would hide a failure.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import {
  ensureKafkaDistribution,
  KAFKA_VERSION,
  kafkaUnavailableReason,
  startKafkaBroker,
} from '../../../libs/testing/src/kafka-broker';

/** One seed of 1,000 persons: the fault tier's long version is `--kafka --seeds 20 --persons 10000`. */
const FAULT_RUN = ['--kafka', '--seeds', '1', '--persons', '1000'];

async function main(): Promise<number> {
  const reason = kafkaUnavailableReason();
  if (reason) {
    process.stdout.write(`kafka tier ${process.env.CI ? 'cannot run' : 'skipped'}: ${reason}\n`);
    return process.env.CI ? 1 : 0;
  }
  process.stdout.write(`Apache Kafka ${KAFKA_VERSION} (Maven Central, cached in .cache/kafka)\n`);
  ensureKafkaDistribution();
  const root = resolve(__dirname, '../../..');
  let passed: boolean;
  const broker = await startKafkaBroker();
  process.stdout.write(`broker on ${broker.brokers}\n`);
  try {
    const jest = spawnSync(
      process.execPath,
      [
        resolve(root, 'node_modules/jest/bin/jest.js'),
        '-c',
        'jest.kafka.config.cjs',
        ...process.argv.slice(2),
      ],
      { cwd: root, stdio: 'inherit', env: { ...process.env, KAFKA_TEST_BROKERS: broker.brokers } },
    );
    // The whole platform with KAFKA_BROKERS set, as `npm start` runs it, and a consumer outside it.
    const platform = spawnSync(process.execPath, [resolve(root, 'e2e/run.mjs'), 'e2e/tests/kafka'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, KAFKA_BROKERS: broker.brokers, E2E_KAFKA_BROKERS: broker.brokers },
    });
    passed = jest.status === 0 && platform.status === 0;
  } finally {
    await broker.destroy();
  }
  // The fault tier starts (and stops, as a fault) a broker of its own: this one is gone by now.
  const fault = spawnSync(
    process.execPath,
    ['-r', './libs/testing/src/register-ts.cjs', 'tools/test/fault/main.ts', ...FAULT_RUN],
    { cwd: root, stdio: 'inherit' },
  );
  return passed && fault.status === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
