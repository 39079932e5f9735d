import type { EventDefinition } from '@meridian/contracts';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import type { EnvelopeBatchHandler, EnvelopeHandler, EventSubscription } from './event-transport';
import { type LogRow, logRowToEnvelope } from './postgres-log.rows';
import { WakeLoop } from './wake-loop';

export interface PostgresSubscriptionOptions {
  pool: Pool;
  group: string;
  definitions: readonly EventDefinition[];
  /** One event at a time, or the whole batch read at once. */
  handler: { each: EnvelopeHandler } | { batch: EnvelopeBatchHandler };
  logger: Logger;
  batchSize: number;
  retry: { initialMs: number; maxMs: number };
}

/**
 * One consumer group over some topics of the log. Each topic is read on its own
 * (a failing event holds back only its topic) from the group's committed offset.
 * The group's offset row is locked for the length of a batch: replicas of a
 * service share the group, and the lock makes one of them read a topic at a
 * time while the others skip it (SKIP LOCKED) rather than wait.
 */
export class PostgresSubscription implements EventSubscription {
  private readonly loops = new Map<string, WakeLoop>();
  private closing = false;

  constructor(private readonly options: PostgresSubscriptionOptions) {
    for (const definition of options.definitions) {
      const topic = definition.name;
      this.loops.set(
        topic,
        new WakeLoop(
          () => this.readBatch(topic),
          (error, attempt) =>
            options.logger.error(
              { err: error, group: options.group, topic, attempt },
              'event delivery failed; retrying',
            ),
          options.retry,
        ),
      );
    }
  }

  get topics(): string[] {
    return [...this.loops.keys()];
  }

  async start(): Promise<void> {
    await this.options.pool.query(
      `INSERT INTO events.consumer_offsets ("group", topic) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
      [this.options.group, this.topics],
    );
    this.wakeAll();
  }

  wake(topic: string): void {
    this.loops.get(topic)?.wake();
  }

  wakeAll(): void {
    for (const loop of this.loops.values()) loop.wake();
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.loops.values()].map((loop) => loop.stop()));
  }

  /** Delivers one batch of a topic; true when there may be more. */
  private async readBatch(topic: string): Promise<boolean> {
    const { pool, group, handler, batchSize } = this.options;
    const client = await pool.connect();
    let failure: unknown = null;
    let more = false;
    try {
      await client.query('BEGIN');
      const claimed = await client.query<{ offset: string }>(
        `SELECT "offset" FROM events.consumer_offsets WHERE "group" = $1 AND topic = $2 FOR UPDATE SKIP LOCKED`,
        [group, topic],
      );
      const start = claimed.rows[0]?.offset;
      if (start !== undefined) {
        const { rows } = await client.query<LogRow>(
          `SELECT "offset", event_id, topic, key, payload, headers FROM events.log
           WHERE topic = $1 AND "offset" > $2 ORDER BY "offset" LIMIT $3`,
          [topic, start, batchSize],
        );
        let committed = start;
        if ('batch' in handler) {
          if (rows.length > 0 && !this.closing) {
            try {
              await handler.batch(rows.map(logRowToEnvelope));
              committed = rows[rows.length - 1]!.offset;
            } catch (error) {
              failure = error;
            }
          }
        } else {
          for (const row of rows) {
            if (this.closing) break;
            try {
              await handler.each(logRowToEnvelope(row));
            } catch (error) {
              failure = error;
              break;
            }
            committed = row.offset;
          }
        }
        if (committed !== start) {
          await client.query(
            `UPDATE events.consumer_offsets SET "offset" = $3, updated_at = now() WHERE "group" = $1 AND topic = $2`,
            [group, topic, committed],
          );
        }
        more = failure === null && !this.closing && rows.length === batchSize;
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    // The offset of what succeeded is committed; the failed event comes again after a backoff.
    if (failure !== null) throw failure;
    return more;
  }
}
