import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { LOGGER } from '../logging/logger.module';
import { EVENT_TRANSPORT, type EventSubscription, type EventTransport } from './event-transport';
import { EVENTS_OPTIONS, type EventsModuleOptions } from './events.options';
import { type EventRoute, idempotentBatchConsumer, idempotentConsumer } from './idempotent-consumer';
import { WakeLoop } from './wake-loop';

const CONSUMER_NAME = /^[a-z][a-z0-9-]{0,62}$/;

/**
 * How long the start waits for its consumers to subscribe. A Kafka group whose members were
 * killed holds a new JoinGroup until their sessions end (tens of seconds): the service answers
 * HTTP meanwhile, and the consumers join in the background. Nothing is missed by starting late:
 * a group with no position starts at the beginning of its topics, on both transports.
 */
const START_WAIT_MS = 5_000;

interface Registration {
  name: string;
  routes: readonly EventRoute[];
}

/**
 * Where feature modules register their consumers, usually in `onModuleInit`:
 * `consumers.register('email-stats', [handleEvent(events.emailSent, fn)])`.
 * Each consumer is its own group (`<schema>.<name>`): it gets every event of
 * its definitions, applied once through processed_events. Subscriptions start
 * with the application and stop before the database closes.
 */
@Injectable()
export class EventConsumers {
  private readonly registrations = new Map<string, Registration>();
  private readonly subscriptions: EventSubscription[] = [];
  private readonly retries: WakeLoop[] = [];
  private started = false;

  constructor(
    @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport,
    @Inject(EVENTS_OPTIONS) private readonly options: EventsModuleOptions,
    private readonly dataSource: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Registers a consumer; after start it subscribes at once (and resolves when it has). */
  async register(name: string, routes: readonly EventRoute[]): Promise<void> {
    if (!CONSUMER_NAME.test(name))
      throw new Error(`Consumer name must be kebab-case: ${JSON.stringify(name)}`);
    if (this.registrations.has(name)) throw new Error(`Consumer ${name} is registered twice`);
    if (routes.length === 0) throw new Error(`Consumer ${name} handles no event`);
    const registration = { name, routes };
    this.registrations.set(name, registration);
    if (this.started) await this.subscribe(registration);
  }

  get names(): string[] {
    return [...this.registrations.keys()];
  }

  /** Subscribes every registered consumer at once; resolves when they have, or after `waitMs`. */
  async start(waitMs = START_WAIT_MS): Promise<void> {
    this.started = true;
    const subscribing = Promise.all([...this.registrations.values()].map((r) => this.subscribeOrRetry(r)));
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'waited'>((resolve) => {
      timer = setTimeout(() => resolve('waited'), waitMs);
      timer.unref();
    });
    const outcome = await Promise.race([subscribing.then(() => 'subscribed' as const), waited]);
    clearTimeout(timer);
    if (outcome === 'waited')
      this.logger.warn({ waitMs }, 'event consumers still subscribing; the service starts meanwhile');
  }

  async stop(): Promise<void> {
    this.started = false;
    // An attempt in progress is not waited for (a connect to a broker that is away retries for
    // seconds): what it subscribes after the stop is closed at once (see subscribe).
    for (const retry of this.retries.splice(0)) void retry.stop();
    const subscriptions = this.subscriptions.splice(0);
    await Promise.all(subscriptions.map((s) => s.close()));
  }

  /**
   * A process may start while the broker (or the database of the Postgres transport) is away: a
   * worker restarted during a broker restart. Its consumers then subscribe once it is back,
   * retried with a backoff, instead of failing the start and taking the process down with it.
   */
  private async subscribeOrRetry(registration: Registration): Promise<void> {
    try {
      await this.subscribe(registration);
    } catch (error) {
      // Failed after a stop (the attempt outlived it): nothing to retry.
      if (!this.started) return;
      const consumer = registration.name;
      this.logger.warn({ err: error, consumer }, 'event consumer could not subscribe; retrying');
      const retry = new WakeLoop(
        async () => {
          await this.subscribe(registration);
          this.logger.info({ consumer }, 'event consumer subscribed after retrying');
          return false;
        },
        (err, attempt) =>
          this.logger.warn({ err, consumer, attempt }, 'event consumer could not subscribe; retrying'),
        { initialMs: 1000, maxMs: 30_000 },
      );
      this.retries.push(retry);
      retry.wake();
    }
  }

  private async subscribe(registration: Registration): Promise<void> {
    const { schema } = this.options;
    const consumerOptions = {
      dataSource: this.dataSource,
      schema,
      consumer: registration.name,
      routes: registration.routes,
      logger: this.logger.child({ consumer: registration.name }),
    };
    const definitions = registration.routes.map((r) => r.definition);
    const group = `${schema}.${registration.name}`;
    // A consumer with a batch route (handleEventBatch) is fed whole batches; others one event at a time.
    const batched = registration.routes.some((r) => r.handleBatch);
    const subscription = batched
      ? await this.transport.subscribeBatches(group, definitions, idempotentBatchConsumer(consumerOptions))
      : await this.transport.subscribe(group, definitions, idempotentConsumer(consumerOptions));
    if (!this.started) {
      await subscription.close();
      return;
    }
    this.subscriptions.push(subscription);
    this.logger.debug(
      { consumer: registration.name, events: definitions.map((d) => d.name) },
      'event consumer subscribed',
    );
  }
}
