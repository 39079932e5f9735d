import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { createTestDatabase, type TestDatabase } from '@meridian/testing';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DatabaseModule } from '../database/database.module';
import { Transactions } from '../database/transactions';
import { EVENT_TRANSPORT_PROBE, type EventTransportProbe } from '../health/health.module';
import { currentCorrelationId, runWithCorrelation } from '../logging/logger';
import { LoggerModule } from '../logging/logger.module';
import { EventConsumers } from './event-consumers';
import { EventPublisher } from './event-publisher';
import { EventsModule } from './events.module';
import { handleEvent } from './idempotent-consumer';
import { testEvent, testLogger, waitFor } from './testing/contract-helpers';
import { queryOnce, serviceEventTablesSql } from './testing/service-tables';

const SCHEMA = 'modtest';
const widgetCreated = testEvent('widget');

class TestEvents1767312000000 implements MigrationInterface {
  name = 'TestEvents1767312000000';
  async up(db: QueryRunner): Promise<void> {
    for (const sql of serviceEventTablesSql(SCHEMA)) await db.query(sql);
  }
  async down(): Promise<void> {}
}

/** A feature as services write one: publishes in its transaction, consumes by catalogue definition. */
@Injectable()
class WidgetsFeature implements OnModuleInit {
  readonly correlations: (string | undefined)[] = [];

  constructor(
    private readonly transactions: Transactions,
    private readonly publisher: EventPublisher,
    private readonly consumers: EventConsumers,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.consumers.register('widget-effects', [
      handleEvent(widgetCreated, async (payload, { manager, id }) => {
        this.correlations.push(currentCorrelationId());
        await manager.query(`INSERT INTO ${SCHEMA}.effects (event_id, note) VALUES ($1, $2)`, [
          id,
          payload.key,
        ]);
      }),
    ]);
  }

  create(id: string): Promise<string> {
    return this.transactions.run(async (tx) => {
      return this.publisher.publish(tx, widgetCreated, { key: id, seq: 1 });
    });
  }
}

@Module({ providers: [Transactions, WidgetsFeature] })
class WidgetsModule {}

describe(EventsModule.name, () => {
  let db: TestDatabase;
  let app: INestApplicationContext;

  beforeAll(async () => {
    db = await createTestDatabase('meridian_events', { empty: true });
    app = await NestFactory.createApplicationContext(
      {
        module: class TestAppModule {},
        imports: [
          LoggerModule.forRoot(testLogger),
          DatabaseModule.forService({
            url: db.url,
            schema: SCHEMA,
            entities: [],
            migrations: [TestEvents1767312000000],
          }),
          EventsModule.forService({ schema: SCHEMA, databaseUrl: db.url, pollIntervalMs: 600_000 }),
          WidgetsModule,
        ],
      },
      { logger: false },
    );
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const effects = (eventId: string) =>
    queryOnce(db.url, `SELECT note FROM ${SCHEMA}.effects WHERE event_id = $1`, [eventId]);

  it("relays a feature's event to the consumer it registered, once, with the correlation id", async () => {
    const feature = app.get(WidgetsFeature);
    const eventId = await runWithCorrelation('corr-module', () => feature.create('w-1'));
    await waitFor(async () => (await effects(eventId)).length > 0, "the consumer's effect");
    expect(await effects(eventId)).toEqual([{ note: 'w-1' }]);
    expect(feature.correlations).toEqual(['corr-module']);
    const processed = await queryOnce(
      db.url,
      `SELECT consumer FROM ${SCHEMA}.processed_events WHERE event_id = $1`,
      [eventId],
    );
    expect(processed).toEqual([{ consumer: 'widget-effects' }]);
  });

  it('subscribes a consumer registered after start-up', async () => {
    const late = testEvent('late');
    const seen: string[] = [];
    await app.get(EventConsumers).register('late-consumer', [
      handleEvent(late, async (payload) => {
        seen.push(payload.key);
      }),
    ]);
    await app
      .get(Transactions)
      .run((tx) => app.get(EventPublisher).publish(tx, late, { key: 'late-1', seq: 1 }));
    await waitFor(() => seen.length > 0, "the late consumer's event");
    expect(seen).toEqual(['late-1']);
  });

  it('refuses a consumer name registered twice', async () => {
    await expect(
      app.get(EventConsumers).register('widget-effects', [handleEvent(widgetCreated, async () => {})]),
    ).rejects.toThrow(/registered twice/);
  });

  it('gives the health check the transport status', async () => {
    const probe = app.get<EventTransportProbe>(EVENT_TRANSPORT_PROBE);
    expect(await probe.status()).toEqual({ transport: 'postgres', status: 'up' });
  });
});
