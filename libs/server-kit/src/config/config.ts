import { z } from 'zod';

/** Settings every service reads. Each app extends this with its own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** `local` turns on the developer conveniences (mail capture page, demo seed). */
  MERIDIAN_MODE: z.enum(['local', 'production']).default('local'),
  PORT: z.coerce.number().int().min(0).max(65535),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  /**
   * Signed-in requests of one organisation a service process works on at once; more wait their
   * turn, so one organisation's burst cannot take every database connection from the others.
   */
  REQUESTS_PER_ORGANISATION: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Requests of one organisation waiting for a turn at most; past it they are refused (429). */
  REQUESTS_WAITING_PER_ORGANISATION: z.coerce.number().int().min(0).max(100_000).default(200),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated Kafka brokers; when unset events travel over Postgres. */
  KAFKA_BROKERS: z.string().optional(),
  /** Where other services reach the auth service to resolve bearer tokens. */
  AUTH_SERVICE_URL: z.url().default('http://127.0.0.1:3101'),
  /**
   * How long a session the auth service confirmed is believed without asking again (ms; 0: ask
   * on every request). A logout or revocation still ends it at once, through the sessionRevoked event.
   */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /** Sessions a service keeps confirmed at most (memory bound; the oldest go first). */
  SESSION_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  /** The public origin users see; links in mails are built from it, never from a Host header. */
  PUBLIC_BASE_URL: z.url().default('http://localhost:8080'),
  /** 'true': migrate the service's schema and exit without serving (the Kubernetes migration Job). */
  MIGRATE_ONLY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Parses the environment once, at boot. Lists every bad variable, not just the
 * first. This is the only place in the services that reads process.env.
 */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  return result.data;
}
