export interface EventsModuleOptions {
  /** The service's schema: its outbox and processed_events live there. */
  schema: string;
  /** The service's database; also holds the Postgres transport's log. */
  databaseUrl: string;
  /** Comma-separated (or listed) Kafka brokers; events go over Kafka when set. */
  kafkaBrokers?: string | readonly string[];
  /** Safety-net poll of the relay and the Postgres consumers. */
  pollIntervalMs?: number;
}

export const EVENTS_OPTIONS = Symbol('EVENTS_OPTIONS');
