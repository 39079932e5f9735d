import { createTestDatabase } from '@meridian/testing';
import { createEventTransport } from './events.module';
import { KafkaTransport, parseKafkaBrokers } from './kafka-transport';
import { PostgresTransport } from './postgres-transport';
import { testLogger, uniqueSuffix } from './testing/contract-helpers';
import { describeTransportContract } from './testing/transport-contract.test';

// No broker runs on the build machines; with one, set KAFKA_TEST_BROKERS to run
// the shared transport contract against it (every test uses topics of its own).
const brokers = parseKafkaBrokers(process.env.KAFKA_TEST_BROKERS ?? '');

if (brokers.length > 0) {
  describeTransportContract(KafkaTransport.name, async () => {
    const db = await createTestDatabase('meridian_events', { empty: true });
    return {
      serviceDatabaseUrl: db.url,
      newTransport: () =>
        new KafkaTransport({ brokers, clientId: `meridian-contract-${uniqueSuffix()}`, logger: testLogger }),
      teardown: () => db.drop(),
    };
  });
}

describe(KafkaTransport.name, () => {
  it('is the transport when brokers are configured, and Postgres otherwise', async () => {
    const kafka = createEventTransport(
      { schema: 'reports', databaseUrl: 'postgres://127.0.0.1:1/x', kafkaBrokers: ' a:9092, b:9092 ,' },
      testLogger,
    );
    const postgres = createEventTransport(
      { schema: 'reports', databaseUrl: 'postgres://127.0.0.1:1/x', kafkaBrokers: '' },
      testLogger,
    );
    try {
      expect(kafka).toBeInstanceOf(KafkaTransport);
      expect(postgres).toBeInstanceOf(PostgresTransport);
    } finally {
      await kafka.close();
      await postgres.close();
    }
  });

  it('reports itself down when no broker answers', async () => {
    const transport = new KafkaTransport({
      brokers: ['127.0.0.1:1'],
      clientId: 'meridian-test',
      logger: testLogger,
      statusTimeoutMs: 1000,
    });
    try {
      expect(await transport.status()).toMatchObject({ transport: 'kafka', status: 'down' });
    } finally {
      await transport.close();
    }
  });
});
