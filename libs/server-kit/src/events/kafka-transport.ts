import type { EventDefinition, EventEnvelope } from '@meridian/contracts';
import {
  type Admin,
  type Consumer,
  Kafka,
  type KafkaMessage,
  logLevel,
  Partitioners,
  type LogEntry,
  type Producer,
} from 'kafkajs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { EventTransportStatus } from '../health/health.module';
import type {
  EnvelopeBatchHandler,
  EnvelopeHandler,
  EventSubscription,
  EventTransport,
} from './event-transport';
import { fromKafkaMessage, toTopicMessages } from './kafka-messages';
import { ensureTopicsReady } from './kafka-topics';
import { RecentIds } from './recent-ids';

export interface KafkaTransportOptions {
  brokers: readonly string[];
  clientId: string;
  logger: Logger;
  /** How many recent event ids each consumer remembers to drop repeats. */
  recentIdsPerConsumer?: number;
  statusTimeoutMs?: number;
  /**
   * How long closing waits for a consumer to leave its group. After a broker restart the group
   * coordinator may hold a consumer's JoinGroup until the previous member's session times out
   * (30 s), and kafkajs waits for that answer: longer than a pod's grace period.
   */
  consumerCloseTimeoutMs?: number;
}

const KAFKA_BATCH_CHUNK = 500;
/** Waits before starting again a consumer kafkajs gave up on: 1 s, doubling up to 30 s. */
const RESTART_FIRST_MS = 1000;
const RESTART_MAX_MS = 30_000;

type Handler = { each: EnvelopeHandler } | { batch: EnvelopeBatchHandler };

function kafkaLogCreator(logger: Logger) {
  return () =>
    ({ namespace, level, log }: LogEntry) => {
      const { message, timestamp: _timestamp, ...extra } = log;
      const fields = { component: 'kafka', namespace, ...extra };
      if (level === logLevel.ERROR) logger.error(fields, message);
      else if (level === logLevel.WARN) logger.warn(fields, message);
      else logger.debug(fields, message);
    };
}

/**
 * Events over Kafka (when KAFKA_BROKERS is set): a topic per event name, the
 * event key as message key (one key, one partition, in order), the event id
 * and tracing in headers, the JSON payload as value. Offsets are committed by
 * kafkajs after each handled message; a failing handler makes it deliver again.
 */
export class KafkaTransport implements EventTransport {
  readonly name = 'kafka' as const;
  private readonly kafka: Kafka;
  private producer: Promise<Producer> | null = null;
  private admin: Promise<Admin> | null = null;
  private readonly knownTopics = new Set<string>();
  /** Open consumers: their group, and whether they are a member now (joined, not rejoining). */
  private readonly consumers = new Map<Consumer, { group: string; joined: boolean }>();
  /** Consumers being closed: kafkajs must not restart them when a request pending from before crashes. */
  private readonly closing = new WeakSet<Consumer>();
  private readonly clients: (Producer | Admin)[] = [];
  private closed = false;

  constructor(private readonly options: KafkaTransportOptions) {
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: [...options.brokers],
      logLevel: logLevel.WARN,
      logCreator: kafkaLogCreator(options.logger),
    });
  }

  async publish(envelopes: readonly EventEnvelope[]): Promise<void> {
    if (envelopes.length === 0) return;
    await this.ensureTopics(envelopes.map((e) => e.name));
    const producer = await this.connectedProducer();
    await producer.sendBatch({ acks: -1, topicMessages: toTopicMessages(envelopes) });
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
    handler: Handler,
  ): Promise<EventSubscription> {
    const topics = definitions.map((d) => d.name);
    await this.ensureTopics(topics);
    const seen = new RecentIds(this.options.recentIdsPerConsumer ?? 10_000);
    const live: { consumer: Consumer | null; closed: boolean } = { consumer: null, closed: false };
    // kafkajs restarts a consumer that crashed on an error it deems retriable; on any other (a
    // connection refused while the broker restarts can be one) it disconnects and stops for good,
    // and the subscription would take no event again. Such a consumer is replaced, with backoff.
    const replace = async (dead: Consumer) => {
      if (live.closed || this.closed || live.consumer !== dead) return;
      live.consumer = null;
      this.consumers.delete(dead);
      for (let attempt = 0; !live.closed && !this.closed; attempt++) {
        await sleep(Math.min(RESTART_FIRST_MS * 2 ** attempt, RESTART_MAX_MS));
        if (live.closed || this.closed) return;
        try {
          const consumer = await this.startConsumer(group, topics, handler, seen, live, replace);
          if (live.closed || this.closed) return void (await this.disconnect(consumer));
          this.options.logger.warn({ group }, 'Kafka consumer started again after it stopped on an error');
          return;
        } catch (error) {
          live.consumer = null;
          this.options.logger.warn(
            { err: error, group, attempt },
            'Kafka consumer could not start again; retrying',
          );
        }
      }
    };
    await this.startConsumer(group, topics, handler, seen, live, replace);
    return {
      close: async () => {
        live.closed = true;
        if (live.consumer) await this.disconnect(live.consumer);
      },
    };
  }

  /**
   * A consumer of `group` subscribed to `topics` and running `handler`; `dead` hears if kafkajs gives
   * it up. It is `live.consumer` from its creation, so a crash while it is still starting is heard.
   */
  private async startConsumer(
    group: string,
    topics: readonly string[],
    handler: Handler,
    seen: RecentIds,
    live: { consumer: Consumer | null },
    dead: (consumer: Consumer) => Promise<void>,
  ): Promise<Consumer> {
    const consumer: Consumer = this.kafka.consumer({
      groupId: group,
      // kafkajs restarts a crashed consumer even after disconnect() (its pending JoinGroup answered
      // after the close): a closed subscription would join its group again and take events.
      // retries: 5 is kafkajs's own default for consumers, which a retry option replaces.
      retry: { retries: 5, restartOnFailure: () => Promise.resolve(!this.closing.has(consumer)) },
    });
    live.consumer = consumer;
    const state = { group, joined: false };
    consumer.on(consumer.events.GROUP_JOIN, () => (state.joined = true));
    consumer.on(consumer.events.REBALANCING, () => (state.joined = false));
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      state.joined = false;
      if (payload.restart || this.closing.has(consumer)) return;
      this.options.logger.error(
        { group, err: payload.error },
        'Kafka consumer stopped on an error kafkajs does not restart; starting it again',
      );
      void dead(consumer);
    });
    await consumer.connect();
    this.consumers.set(consumer, state);
    const envelopeOf = (topic: string, message: KafkaMessage) => {
      const envelope = fromKafkaMessage(topic, message);
      if (!envelope) {
        this.options.logger.warn({ topic, offset: message.offset }, 'message without an event id skipped');
        return null;
      }
      return seen.has(envelope.id) ? null : envelope;
    };
    try {
      await consumer.subscribe({ topics: [...topics], fromBeginning: true });
      if ('each' in handler) {
        await consumer.run({
          eachMessage: async ({ topic, message }) => {
            const envelope = envelopeOf(topic, message);
            if (!envelope) return;
            await handler.each(envelope);
            seen.add(envelope.id);
          },
        });
      } else {
        // A partition's fetched messages in chunks; each chunk's offsets resolve once it is applied.
        await consumer.run({
          eachBatchAutoResolve: false,
          eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
            for (let i = 0; i < batch.messages.length; i += KAFKA_BATCH_CHUNK) {
              if (!isRunning() || isStale()) return;
              const chunk = batch.messages.slice(i, i + KAFKA_BATCH_CHUNK);
              const envelopes = chunk
                .map((m) => envelopeOf(batch.topic, m))
                .filter((e): e is EventEnvelope => e !== null);
              if (envelopes.length > 0) await handler.batch(envelopes);
              for (const e of envelopes) seen.add(e.id);
              resolveOffset(chunk[chunk.length - 1]!.offset);
              await heartbeat();
            }
          },
        });
      }
    } catch (error) {
      await this.disconnect(consumer);
      throw error;
    }
    return consumer;
  }

  /**
   * Leaves the group. A consumer still joining (after a broker restart the coordinator may hold
   * its JoinGroup until the old sessions end) holds no partition: it is not waited for. A member
   * is waited for at most consumerCloseTimeoutMs; past that its handler's offsets stay
   * uncommitted and, delivery being at least once, the group's next member gets them again.
   */
  private async disconnect(consumer: Consumer): Promise<void> {
    const state = this.consumers.get(consumer);
    this.closing.add(consumer);
    this.consumers.delete(consumer);
    const group = state?.group;
    const disconnected = consumer.disconnect().then(
      () => true,
      (error: unknown) => {
        this.options.logger.warn({ err: error, group }, 'Kafka consumer did not disconnect cleanly');
        return true;
      },
    );
    if (!state?.joined) return;
    const timeoutMs = this.options.consumerCloseTimeoutMs ?? 10_000;
    let timer: NodeJS.Timeout | undefined;
    const left = await Promise.race([
      disconnected,
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (!left)
      this.options.logger.warn(
        { group, timeoutMs },
        'Kafka consumer still leaving its group; closing without waiting (the broker ends its membership)',
      );
  }

  async status(): Promise<EventTransportStatus> {
    const timeoutMs = this.options.statusTimeoutMs ?? 3000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from Kafka within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const cluster = await Promise.race([
        this.connectedAdmin().then((admin) => admin.describeCluster()),
        timeout,
      ]);
      return { transport: this.name, status: cluster.brokers.length > 0 ? 'up' : 'down' };
    } catch (error) {
      return { transport: this.name, status: 'down', detail: (error as Error).message };
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.consumers.keys()].map((consumer) => this.disconnect(consumer)));
    // Disconnects the clients themselves: a connect still retrying is abandoned, not awaited.
    const clients = this.clients.splice(0);
    this.producer = null;
    this.admin = null;
    await Promise.all(clients.map((c) => c.disconnect().catch(() => undefined)));
  }

  /** Creates missing topics once per process; brokers often refuse auto-creation. */
  private async ensureTopics(topics: readonly string[]): Promise<void> {
    const missing = [...new Set(topics)].filter((t) => !this.knownTopics.has(t));
    if (missing.length === 0) return;
    await ensureTopicsReady(await this.connectedAdmin(), missing);
    for (const topic of missing) this.knownTopics.add(topic);
  }

  private connectedProducer(): Promise<Producer> {
    // Idempotent with one request in flight: retries neither duplicate nor reorder within a partition.
    this.producer ??= this.connect(
      this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        createPartitioner: Partitioners.DefaultPartitioner,
      }),
      () => {
        this.producer = null;
      },
    );
    return this.producer;
  }

  private connectedAdmin(): Promise<Admin> {
    this.admin ??= this.connect(this.kafka.admin(), () => {
      this.admin = null;
    });
    return this.admin;
  }

  private async connect<C extends Producer | Admin>(client: C, forget: () => void): Promise<C> {
    this.clients.push(client);
    try {
      await client.connect();
      return client;
    } catch (error) {
      forget();
      const index = this.clients.indexOf(client);
      if (index >= 0) this.clients.splice(index, 1);
      throw error;
    }
  }
}

export function parseKafkaBrokers(value: string | readonly string[]): string[] {
  const list = typeof value === 'string' ? value.split(',') : value;
  return list.map((b) => b.trim()).filter((b) => b.length > 0);
}
