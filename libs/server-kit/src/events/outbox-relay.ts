import { Pool } from 'pg';
import type { Logger } from 'pino';
import type { EventTransport, OutboxAppender } from './event-transport';
import {
  type ClaimedOutboxRow,
  outboxChannel,
  outboxClaimSql,
  outboxMarkPublishedSql,
  outboxPruneSql,
  outboxRowToEnvelope,
} from './outbox-sql';
import { guardPool, withPooledClient } from './pooled-client';
import { PgListener } from './pg-listener';
import { WakeLoop } from './wake-loop';

export interface OutboxRelayOptions {
  /** The service's database (where `<schema>.outbox` lives). */
  connectionString: string;
  schema: string;
  transport: EventTransport;
  logger: Logger;
  batchSize?: number;
  /** Safety net for a missed notification; wake-ups normally come by NOTIFY. */
  pollIntervalMs?: number;
  /** How long published rows stay in the outbox. */
  retentionDays?: number;
}

// Namespace of the relay's advisory locks (the second key is the schema's hash).
const RELAY_LOCK_SPACE = 4_711_001;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Moves committed outbox rows to the transport. Each pass locks a batch of
 * unpublished rows in order, publishes it, and marks it published in the same
 * transaction: a crash before the commit publishes the batch again, which the
 * transports and the idempotent consumers absorb by event id. Replicas take
 * turns through a transaction-level advisory lock, so batches reach the
 * transport in outbox order (two replicas publishing neighbouring batches at
 * once could swap the order of one key's events). When the transport's log is in
 * the same database (the Postgres transport, as services configure it), the pass is
 * one statement that claims, appends and marks inside that transaction: the events
 * never travel through node, and the log gets each one exactly once.
 */
export class OutboxRelay {
  private readonly pool: Pool;
  private readonly loop: WakeLoop;
  private readonly listener: PgListener;
  private pollTimer: NodeJS.Timeout | null = null;
  private lastPrune = 0;
  private readonly batchSize: number;
  private readonly appender: OutboxAppender | null;

  constructor(private readonly options: OutboxRelayOptions) {
    this.appender = options.transport.outboxAppender?.(options.connectionString) ?? null;
    // Appended inside Postgres, a row costs little: bigger batches, fewer transactions.
    this.batchSize = options.batchSize ?? (this.appender ? 1000 : 200);
    this.pool = guardPool(
      new Pool({
        connectionString: options.connectionString,
        max: 2,
        application_name: `meridian-${options.schema}-relay`,
      }),
      options.logger,
      'outbox relay',
    );
    this.loop = new WakeLoop(
      () => this.relayBatch(),
      (error, attempt) => options.logger.error({ err: error, attempt }, 'outbox relay failed; retrying'),
    );
    this.listener = new PgListener({
      connectionString: options.connectionString,
      channels: [outboxChannel(options.schema)],
      onNotify: () => this.loop.wake(),
      onConnect: () => this.loop.wake(),
      logger: options.logger,
      applicationName: `meridian-${options.schema}-relay-listener`,
    });
  }

  /** Starts listening and relays whatever is already waiting (rows left by a crash). */
  async start(): Promise<void> {
    await this.listener.start();
    this.pollTimer = setInterval(() => this.loop.wake(), this.options.pollIntervalMs ?? 5000);
    this.pollTimer.unref();
    this.loop.wake();
  }

  wake(): void {
    this.loop.wake();
  }

  async stop(): Promise<void> {
    if (this.pollTimer) clearInterval(this.pollTimer);
    await this.listener.close();
    await this.loop.stop();
    await this.pool.end();
  }

  /** One batch; true when there may be more waiting. */
  private async relayBatch(): Promise<boolean> {
    const { schema, transport, logger } = this.options;
    const published = await withPooledClient(this.pool, logger, 'outbox relay', async (client) => {
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [RELAY_LOCK_SPACE, schema]);
        if (this.appender) {
          const count = await this.appender.append(client, schema, this.batchSize);
          await client.query('COMMIT');
          return count;
        }
        const { rows } = await client.query<ClaimedOutboxRow>(outboxClaimSql(schema), [this.batchSize]);
        if (rows.length > 0) {
          await transport.publish(rows.map(outboxRowToEnvelope));
          await client.query(outboxMarkPublishedSql(schema), [rows.map((r) => r.id)]);
        }
        await client.query('COMMIT');
        return rows.length;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
    if (published > 0)
      logger.debug({ schema, count: published, transport: transport.name }, 'outbox relayed');
    if (published < this.batchSize) await this.pruneNow();
    return published === this.batchSize;
  }

  private async pruneNow(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    const result = await this.pool.query(outboxPruneSql(this.options.schema), [
      this.options.retentionDays ?? 7,
    ]);
    if (result.rowCount) this.options.logger.debug({ count: result.rowCount }, 'outbox pruned');
  }
}
