import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino, { type Logger } from 'pino';

/** Header that carries the correlation id across HTTP hops. */
export const CORRELATION_HEADER = 'x-correlation-id';

/** Keys whose values never reach a log line, wherever they appear. */
export const REDACTED_KEYS = [
  'password',
  'new_password',
  'old_password',
  'token',
  'access_token',
  'refresh_token',
  'api_key',
  'secret',
  'client_secret',
  'certificate',
  'private_key',
  'authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
];

const redactPaths = REDACTED_KEYS.flatMap((k) => [
  k.includes('-') ? `["${k}"]` : k,
  `*.${k.includes('-') ? `["${k}"]` : k}`,
  `*.*.${k.includes('-') ? `["${k}"]` : k}`,
]).map((p) => p.replace('.[', '['));

/**
 * Errors as type, message, code and stack only: driver errors carry their whole
 * connection (and so its settings) as enumerable properties.
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code } = error as { code?: unknown };
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    stack: error.stack,
  };
}

export function createLogger(name: string, level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      redact: { paths: redactPaths, censor: '[redacted]' },
      base: { service: name },
      serializers: { err: serializeError },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        const store = correlationStorage.getStore();
        return store ? { correlation_id: store.correlationId } : {};
      },
    },
    destination,
  );
}

export interface CorrelationStore {
  correlationId: string;
}

/** The correlation id of the work in progress (request, event or job). */
export const correlationStorage = new AsyncLocalStorage<CorrelationStore>();

export function currentCorrelationId(): string | undefined {
  return correlationStorage.getStore()?.correlationId;
}

export function runWithCorrelation<T>(correlationId: string | undefined, fn: () => T): T {
  return correlationStorage.run({ correlationId: correlationId ?? randomUUID() }, fn);
}

const LOGGED_PATH_MAX = 300;

/**
 * A request's address as the logs show it: the path alone (a query can carry a code or a token),
 * the value of a `:token` path parameter replaced by its name when the route is known (a link's
 * token is the key to that recipient's opens, clicks and unsubscribe, or to an account's
 * password), and at most 300 characters (a client's 8 KB address is not worth 8 KB of every log
 * line).
 */
export function loggedPath(url: string, route?: string): string {
  let path = url.split('?')[0]!;
  if (route?.includes('/:token')) path = withoutTokens(path, route);
  return path.length > LOGGED_PATH_MAX
    ? `${path.slice(0, LOGGED_PATH_MAX)}... (${path.length} characters)`
    : path;
}

/** `path` with each segment the route names `:token` written as `:token`. */
function withoutTokens(path: string, route: string): string {
  const pattern = route.split('/');
  const segments = path.split('/');
  // A route with a wildcard or a path that does not line up with it: keep only what precedes
  // the first token, rather than guess where the token is.
  if (pattern.length !== segments.length) return route.slice(0, route.indexOf('/:token') + 1) + ':token';
  return segments.map((segment, i) => (pattern[i] === ':token' ? ':token' : segment)).join('/');
}
