import type { EventDefinition, EventEnvelope } from '@meridian/contracts';
import { Pool, type PoolClient } from 'pg';
import type { Logger } from 'pino';
import type { EventTransportStatus } from '../health/health.module';
import type {
  EnvelopeBatchHandler,
  EnvelopeHandler,
  EventSubscription,
  EventTransport,
  OutboxAppender,
} from './event-transport';
import { ensureLogSchema } from './postgres-log.schema';
import { quoteSchema } from './outbox-sql';
import { envelopeToLogEntry, LOG_APPEND_SQL, LOG_CHANNEL, logAppendFromOutboxSql } from './postgres-log.rows';
import { PostgresSubscription } from './postgres-subscription';
import { PgListener } from './pg-listener';
import { guardPool, withPooledClient } from './pooled-client';

export interface PostgresTransportOptions {
  /** The database holding the shared `events` schema. */
  connectionString: string;
  logger: Logger;
  /** Names the connections in pg_stat_activity. */
  clientName?: string;
  poolSize?: number;
  batchSize?: number;
  /** Safety net for a missed notification. */
  pollIntervalMs?: number;
  /** Backoff before an event whose handler failed is delivered again. */
  retry?: { initialMs: number; maxMs: number };
}

// One lock for every append: offsets are then handed out and committed in the
// same order, so a reader past offset N never misses a row that commits later.
const APPEND_LOCK = [4_711_003, 1] as const;

/**
 * The default transport: a durable log table with an offset per consumer group
 * and topic, consumers woken by LISTEN/NOTIFY plus a slow poll.
 */
export class PostgresTransport implements EventTransport {
  readonly name = 'postgres' as const;
  private readonly pool: Pool;
  private readonly subscriptions = new Set<PostgresSubscription>();
  private listener: PgListener | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private ready: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: PostgresTransportOptions) {
    this.pool = guardPool(
      new Pool({
        connectionString: options.connectionString,
        max: options.poolSize ?? 4,
        application_name: options.clientName ?? 'meridian-events',
      }),
      options.logger,
      'event log',
    );
  }

  async publish(envelopes: readonly EventEnvelope[]): Promise<void> {
    if (envelopes.length === 0) return;
    await this.ensureReady();
    await withPooledClient(this.pool, this.options.logger, 'event log append', async (client) => {
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1, $2)', [...APPEND_LOCK]);
        const { rows } = await client.query<{ topic: string }>(LOG_APPEND_SQL, [
          JSON.stringify(envelopes.map(envelopeToLogEntry)),
        ]);
        const topics = [...new Set(rows.map((r) => r.topic))];
        if (topics.length > 0)
          await client.query('SELECT pg_notify($1, t) FROM unnest($2::text[]) AS t', [LOG_CHANNEL, topics]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  /**
   * The log is in the service's database when both connect to the same one (how services are
   * configured): the relay then appends its outbox rows there in one statement.
   */
  outboxAppender(connectionString: string): OutboxAppender | null {
    if (connectionString !== this.options.connectionString) return null;
    const statements = new Map<string, { pending: string; append: string }>();
    return {
      append: async (client: PoolClient, schema: string, limit: number) => {
        let sql = statements.get(schema);
        if (!sql) {
          sql = {
            // The append lock only when there is something to append: an idle pass (the poll)
            // does not queue behind other services' appends.
            pending: `SELECT pg_advisory_xact_lock($1, $2) FROM (SELECT 1) AS one
              WHERE EXISTS (SELECT 1 FROM ${quoteSchema(schema)}.outbox WHERE published_at IS NULL)`,
            append: logAppendFromOutboxSql(schema),
          };
          statements.set(schema, sql);
        }
        await this.ensureReady();
        const locked = await client.query(sql.pending, [...APPEND_LOCK]);
        if (locked.rowCount === 0) return 0;
        const { rows } = await client.query<{ count: number }>(sql.append, [limit]);
        return rows[0]?.count ?? 0;
      },
    };
  }

  subscribe(
    group: string,
    definitions: readonly EventDefinition[],
    handler: EnvelopeHandler,
  ): Promise<EventSubscription> {
    return this.subscribeWith(group, definitions, { each: handler });
  }

  subscribeBatches(
    group: string,
    definitions: readonly EventDefinition[],
    handler: EnvelopeBatchHandler,
  ): Promise<EventSubscription> {
    return this.subscribeWith(group, definitions, { batch: handler });
  }

  private async subscribeWith(
    group: string,
    definitions: readonly EventDefinition[],
    handler: { each: EnvelopeHandler } | { batch: EnvelopeBatchHandler },
  ): Promise<EventSubscription> {
    if (this.closed) throw new Error('event transport is closed');
    await this.ensureReady();
    await this.ensureListening();
    const subscription = new PostgresSubscription({
      pool: this.pool,
      group,
      definitions,
      handler,
      logger: this.options.logger,
      // Bulk consumers get bigger batches: each costs them a few statements, not one per event.
      batchSize: this.options.batchSize ?? ('batch' in handler ? 500 : 100),
      retry: this.options.retry ?? { initialMs: 200, maxMs: 30_000 },
    });
    this.subscriptions.add(subscription);
    await subscription.start();
    return {
      close: async () => {
        this.subscriptions.delete(subscription);
        await subscription.close();
      },
    };
  }

  async status(): Promise<EventTransportStatus> {
    try {
      await this.ensureReady();
      await this.pool.query('SELECT 1 FROM events.log LIMIT 0');
    } catch (error) {
      return { transport: this.name, status: 'down', detail: (error as Error).message };
    }
    if (this.listener && !this.listener.connected) {
      return { transport: this.name, status: 'down', detail: 'event listener disconnected' };
    }
    return { transport: this.name, status: 'up' };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    this.subscriptions.clear();
    await this.listener?.close();
    await this.pool.end();
  }

  private ensureReady(): Promise<void> {
    // A failed attempt is forgotten, so the next call (or health check) tries again.
    this.ready ??= ensureLogSchema(this.pool).catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  private async ensureListening(): Promise<void> {
    if (this.listener) return;
    const listener = new PgListener({
      connectionString: this.options.connectionString,
      channels: [LOG_CHANNEL],
      onNotify: (_channel, topic) => {
        for (const subscription of this.subscriptions) subscription.wake(topic);
      },
      onConnect: () => this.wakeAll(),
      logger: this.options.logger,
      applicationName: `${this.options.clientName ?? 'meridian-events'}-listener`,
    });
    this.listener = listener;
    try {
      await listener.start();
    } catch (error) {
      this.listener = null;
      throw error;
    }
    this.pollTimer = setInterval(() => this.wakeAll(), this.options.pollIntervalMs ?? 5000);
    this.pollTimer.unref();
  }

  private wakeAll(): void {
    for (const subscription of this.subscriptions) subscription.wakeAll();
  }
}
