import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { EVENT_TRANSPORT_PROBE } from '../health/health.module';
import { LOGGER } from '../logging/logger.module';
import { EventConsumers } from './event-consumers';
import { EventPublisher } from './event-publisher';
import { EVENT_TRANSPORT, type EventTransport } from './event-transport';
import { EVENTS_OPTIONS, type EventsModuleOptions } from './events.options';
import { KafkaTransport, parseKafkaBrokers } from './kafka-transport';
import { OutboxRelay } from './outbox-relay';
import { PostgresTransport } from './postgres-transport';

export function createEventTransport(options: EventsModuleOptions, logger: Logger): EventTransport {
  const brokers = options.kafkaBrokers ? parseKafkaBrokers(options.kafkaBrokers) : [];
  if (brokers.length > 0) {
    return new KafkaTransport({
      brokers,
      clientId: `meridian-${options.schema}`,
      logger: logger.child({ component: 'events' }),
    });
  }
  return new PostgresTransport({
    connectionString: options.databaseUrl,
    logger: logger.child({ component: 'events' }),
    clientName: `meridian-${options.schema}-events`,
    pollIntervalMs: options.pollIntervalMs,
  });
}

/**
 * Starts the relay and the consumers once the whole app is up (migrations have
 * run), and stops them on shutdown before the database connections close.
 */
@Injectable()
class EventsLifecycle implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly relay: OutboxRelay,
    private readonly consumers: EventConsumers,
    @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.relay.start();
    await this.consumers.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumers.stop();
    await this.relay.stop();
    await this.transport.close();
  }
}

/**
 * The event system of one service: `EventPublisher` to publish inside a
 * transaction, `EventConsumers` to register idempotent consumers, the outbox
 * relay, and the transport (Kafka when brokers are configured, else Postgres),
 * whose status the health check reports. Global: feature modules inject the
 * publisher and the consumer registry without importing this module.
 */
@Global()
@Module({})
export class EventsModule {
  static forService(options: EventsModuleOptions): DynamicModule {
    return {
      module: EventsModule,
      providers: [
        { provide: EVENTS_OPTIONS, useValue: options },
        {
          provide: EVENT_TRANSPORT,
          inject: [LOGGER],
          useFactory: (logger: Logger) => createEventTransport(options, logger),
        },
        { provide: EVENT_TRANSPORT_PROBE, useExisting: EVENT_TRANSPORT },
        {
          provide: OutboxRelay,
          inject: [EVENT_TRANSPORT, LOGGER],
          useFactory: (transport: EventTransport, logger: Logger) =>
            new OutboxRelay({
              connectionString: options.databaseUrl,
              schema: options.schema,
              transport,
              logger: logger.child({ component: 'outbox-relay' }),
              pollIntervalMs: options.pollIntervalMs,
            }),
        },
        EventPublisher,
        EventConsumers,
        EventsLifecycle,
      ],
      exports: [EventPublisher, EventConsumers, EVENT_TRANSPORT, EVENT_TRANSPORT_PROBE],
    };
  }
}
