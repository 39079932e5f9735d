import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { EventEnvelope } from '@meridian/contracts';
import { DataSource } from 'typeorm';
import type { EnvelopeHandler, EventTransport } from '../event-transport';
import {
  handleEvent,
  handleEventBatch,
  idempotentBatchConsumer,
  idempotentConsumer,
} from '../idempotent-consumer';
import { OutboxRelay } from '../outbox-relay';
import { buildOutboxRow, outboxInsertParams, outboxInsertSql } from '../outbox-sql';
import { envelopeOf, testEvent, testLogger, type TestEvent, uniqueSuffix, waitFor } from './contract-helpers';
import { createServiceEventTables, queryOnce } from './service-tables';

interface OutboxContractContext {
  transport(): Promise<EventTransport>;
  serviceDatabaseUrl: string;
}

/**
 * The end-to-end half of the transport contract: outbox, relay and idempotent
 * consumers over the transport under test. Part of `describeTransportContract`.
 */
export function describeOutboxContract(context: () => OutboxContractContext): void {
  describe('with the outbox and idempotent consumers', () => {
    let url: string;
    let dataSource: DataSource;
    let relays: OutboxRelay[] = [];

    beforeAll(async () => {
      url = context().serviceDatabaseUrl;
      dataSource = await new DataSource({
        type: 'postgres',
        url,
        entities: [],
        synchronize: false,
      }).initialize();
    });
    afterEach(async () => {
      await Promise.all(relays.map((r) => r.stop()));
      relays = [];
    });
    afterAll(async () => {
      await dataSource?.destroy();
    });

    async function serviceSchema(): Promise<string> {
      const schema = `svc_${uniqueSuffix()}`;
      await createServiceEventTables(url, schema);
      return schema;
    }

    /** An idempotent consumer whose effect is a row in `<schema>.effects`. */
    function effectsConsumer(
      schema: string,
      event: TestEvent,
      beforeCommit?: (seq: number) => void,
    ): EnvelopeHandler {
      return idempotentConsumer({
        dataSource,
        schema,
        consumer: 'effects',
        logger: testLogger,
        routes: [
          handleEvent(event, async (payload, { manager, id }) => {
            await manager.query(`INSERT INTO ${schema}.effects (event_id, note) VALUES ($1, $2)`, [
              id,
              `seq ${payload.seq}`,
            ]);
            beforeCommit?.(payload.seq);
          }),
        ],
      });
    }

    const effectsOf = async (schema: string, eventId: string) =>
      Number(
        (
          await queryOnce<{ n: string }>(
            url,
            `SELECT count(*) AS n FROM ${schema}.effects WHERE event_id = $1`,
            [eventId],
          )
        )[0]!.n,
      );

    it('applies a redelivered event once: the consumer finds it in processed_events', async () => {
      const schema = await serviceSchema();
      const event = testEvent('redelivered');
      const consume = effectsConsumer(schema, event);
      const deliveries: string[] = [];
      let crashed = false;
      const t = await context().transport();
      await t.subscribe(`redelivered-${uniqueSuffix()}`, [event], async (envelope) => {
        deliveries.push(envelope.id);
        await consume(envelope);
        // The effect committed, then the process "died" before the transport recorded
        // the delivery: the transport must deliver it again.
        if (!crashed) {
          crashed = true;
          throw new Error('crashed before committing the offset');
        }
      });
      const first = envelopeOf(event, { key: 'k', seq: 1 });
      const second = envelopeOf(event, { key: 'k', seq: 2 });
      await t.publish([first, second]);
      await waitFor(async () => (await effectsOf(schema, second.id)) === 1, 'the second event applied');

      // Redelivered once more, and twice at the same moment: still one effect.
      await consume(first);
      await Promise.all([consume(first), consume(first)]);

      expect(deliveries.filter((id) => id === first.id)).toHaveLength(2);
      expect(await effectsOf(schema, first.id)).toBe(1);
      const processed = await queryOnce<{ event_id: string }>(
        url,
        `SELECT event_id FROM ${schema}.processed_events WHERE consumer = 'effects' ORDER BY processed_at`,
      );
      expect(processed.map((r) => r.event_id).sort()).toEqual([first.id, second.id].sort());
    });

    it('applies batches set-based: one handler call per batch, repeats (in and across batches) dropped', async () => {
      const schema = await serviceSchema();
      const event = testEvent('batched');
      const calls: number[] = [];
      let crashed = false;
      const consume = idempotentBatchConsumer({
        dataSource,
        schema,
        consumer: 'effects',
        logger: testLogger,
        routes: [
          handleEventBatch(event, async (events, { manager }) => {
            calls.push(events.length);
            await manager.query(
              `INSERT INTO ${schema}.effects (event_id, note) SELECT * FROM unnest($1::uuid[], $2::text[])`,
              [events.map((e) => e.context.id), events.map((e) => `seq ${e.payload.seq}`)],
            );
          }),
        ],
      });
      const t = await context().transport();
      await t.subscribeBatches(`batched-${uniqueSuffix()}`, [event], async (envelopes) => {
        await consume(envelopes);
        // Applied and committed, then "died" before the transport recorded it: all come again.
        if (!crashed) {
          crashed = true;
          throw new Error('crashed before committing the offset');
        }
      });
      const all = Array.from({ length: 6 }, (_, i) => envelopeOf(event, { key: 'k', seq: i }));
      await t.publish(all);
      await waitFor(async () => (await effectsOf(schema, all[5]!.id)) === 1, 'the last event applied');
      // A batch holding an applied event twice and a new one: only the new one is handed on.
      const extra = envelopeOf(event, { key: 'k', seq: 6 });
      await consume([all[0]!, extra, all[0]!, extra]);
      for (const e of [...all, extra]) expect(await effectsOf(schema, e.id)).toBe(1);
      expect(calls.reduce((a, b) => a + b, 0)).toBe(7);
      expect(calls.length).toBeLessThan(7);
    });

    it('leaves no trace of a handler that failed, so its retry applies the event once', async () => {
      const schema = await serviceSchema();
      const event = testEvent('rolledback');
      let failNext = true;
      const consume = effectsConsumer(schema, event, () => {
        if (failNext) {
          failNext = false;
          throw new Error('handler failed after writing');
        }
      });
      const t = await context().transport();
      await t.subscribe(`rolledback-${uniqueSuffix()}`, [event], consume);
      const envelope = envelopeOf(event, { key: 'k', seq: 1 });
      await t.publish([envelope]);
      await waitFor(async () => (await effectsOf(schema, envelope.id)) > 0, 'the retried event applied');
      expect(failNext).toBe(false);
      expect(await effectsOf(schema, envelope.id)).toBe(1);
    });

    it('publishes an event committed by a process killed (SIGKILL) before any relay ran, exactly once', async () => {
      const schema = await serviceSchema();
      const event = testEvent('killed');
      const widgetId = randomUUID();
      const row = buildOutboxRow(event, { key: 'k', seq: 1 }, 'corr-killed');
      const child = spawn(process.execPath, [join(__dirname, 'outbox-writer.child.cjs')], {
        env: {
          ...process.env,
          DATABASE_URL: url,
          STATEMENTS: JSON.stringify([
            {
              sql: `INSERT INTO ${schema}.widgets (id, name) VALUES ($1, $2)`,
              params: [widgetId, 'made before the kill'],
            },
            { sql: outboxInsertSql(schema), params: outboxInsertParams(schema, row) },
          ]),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (_code, signal) => resolve(signal)),
      );
      await untilChildSays(child, 'committed');
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      // Committed and unpublished: the change and its event survived the process together.
      expect(await queryOnce(url, `SELECT id FROM ${schema}.widgets WHERE id = $1`, [widgetId])).toHaveLength(
        1,
      );
      const waiting = await queryOnce<{ published_at: Date | null }>(
        url,
        `SELECT published_at FROM ${schema}.outbox WHERE id = $1`,
        [row.id],
      );
      expect(waiting).toEqual([{ published_at: null }]);

      const received: EventEnvelope[] = [];
      const consume = effectsConsumer(schema, event);
      await (
        await context().transport()
      ).subscribe(`killed-${uniqueSuffix()}`, [event], async (envelope) => {
        received.push(envelope);
        await consume(envelope);
      });
      // Two relays, as two replicas of the service would run; the poll is long, so
      // only their start-up pass and NOTIFY can move the events in time.
      for (let i = 0; i < 2; i += 1) {
        const relay = new OutboxRelay({
          connectionString: url,
          schema,
          transport: await context().transport(),
          logger: testLogger,
          pollIntervalMs: 600_000,
        });
        relays.push(relay);
        await relay.start();
      }
      await waitFor(() => received.some((e) => e.id === row.id), 'the event of the killed process');

      const marker = buildOutboxRow(event, { key: 'k', seq: 2 }, undefined);
      await queryOnce(url, outboxInsertSql(schema), outboxInsertParams(schema, marker));
      await waitFor(() => received.some((e) => e.id === marker.id), 'an event published after it');

      expect(received.map((e) => e.id)).toEqual([row.id, marker.id]);
      expect(received[0]).toMatchObject({
        key: 'k',
        payload: { key: 'k', seq: 1 },
        correlation_id: 'corr-killed',
      });
      expect(await effectsOf(schema, row.id)).toBe(1);
      const unpublished = await queryOnce(url, `SELECT id FROM ${schema}.outbox WHERE published_at IS NULL`);
      expect(unpublished).toEqual([]);
    });
  });
}

function untilChildSays(child: ChildProcess, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes(line)) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code, signal) =>
      reject(new Error(`child exited (${code ?? signal}) before "${line}": ${stderr}`)),
    );
  });
}
