import { parseSentryDsn, sentryStoreUrl, type ClientConfig } from '@meridian/contracts';
import { isApiError } from './api-error';
import { loadClientConfig } from './client-config';

/**
 * Spec section 8: answers of 500 and above (and the crash screen's errors) are reported to an
 * error-reporting service, Sentry, when a DSN is configured (product decisions, "Third-party
 * pieces"). A minimal event posted with fetch to the project's store endpoint, no SDK. It never
 * carries tokens, request bodies or personal data: the page address and API paths go without
 * their query and with ids and tokens replaced, messages with emails and long tokens masked.
 */

/** The store endpoint a DSN posts to, or null when there is none or it is not a public DSN. */
export function storeUrlOf(dsn: string | null): string | null {
  const parts = dsn ? parseSentryDsn(dsn) : null;
  return parts ? sentryStoreUrl(parts) : null;
}

export interface SentryFrame {
  filename: string;
  function: string;
  lineno: number;
  colno: number;
  in_app: boolean;
}

export interface SentryEvent {
  event_id: string;
  /** Seconds since the epoch. */
  timestamp: number;
  platform: 'javascript';
  level: 'error';
  exception: { values: { type: string; value: string; stacktrace?: { frames: SentryFrame[] } }[] };
  request: { url: string };
  tags: Record<string, string>;
}

/** Kept as they are: words such as `static-list`, `oauth.complete`, `token.verify`, and `v1`. */
const PLAIN_SEGMENT = /^(?:[a-z]+(?:[.-][a-z]+)*|v\d+)$/i;
const MAX_SEGMENT = 32;

/** A path with every segment that may be an id, a token or an address replaced by `:id`. */
export function reportablePath(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname
    .split('/')
    .map((segment) =>
      segment === '' || (segment.length <= MAX_SEGMENT && PLAIN_SEGMENT.test(segment)) ? segment : ':id',
    )
    .join('/');
}

const EMAIL = /[^\s@/:"'<>()]+@[^\s@/"'<>()]+\.[^\s@/"'<>()]+/g;
const URL_QUERY = /(\bhttps?:\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/g;
const LONG_TOKEN = /[A-Za-z0-9_-]{32,}/g;
const MAX_MESSAGE = 300;

/** A message without addresses, query strings or long tokens, and not too long. */
export function reportableMessage(message: string): string {
  const masked = message
    .replace(URL_QUERY, '$1')
    .replace(EMAIL, '[email]')
    .replace(/\bBearer\s+\S+/gi, 'Bearer [token]')
    .replace(LONG_TOKEN, '[token]');
  return masked.length > MAX_MESSAGE ? `${masked.slice(0, MAX_MESSAGE)}…` : masked;
}

const V8_FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;
const GECKO_FRAME = /^\s*(.*?)@(.+?):(\d+):(\d+)$/;
const MAX_FRAMES = 50;

/** The frames of an `Error.stack` (Chromium, Firefox and Safari forms), oldest call first as Sentry reads them. */
export function stackFrames(stack: string | undefined): SentryFrame[] {
  if (!stack) return [];
  const frames: SentryFrame[] = [];
  for (const line of stack.split('\n')) {
    const found = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!found) continue;
    const [, name, file, lineNumber, column] = found;
    frames.push({
      filename: (file ?? '').split(/[?#]/)[0] ?? '',
      function: name?.replace(/^async /, '') || '?',
      lineno: Number(lineNumber),
      colno: Number(column),
      in_app: true,
    });
    if (frames.length === MAX_FRAMES) break;
  }
  return frames.reverse();
}

function describeError(error: unknown): { type: string; value: string } {
  if (isApiError(error)) {
    const call = `${error.method} ${reportablePath(error.url)}`;
    const value =
      error.kind === 'http'
        ? `${call} failed with ${error.status ?? 'no status'}${error.code ? ` (${error.code})` : ''}`
        : `${call} failed (${error.kind})`;
    return { type: 'ApiError', value };
  }
  if (error instanceof Error) return { type: error.name || 'Error', value: reportableMessage(error.message) };
  return { type: 'Error', value: reportableMessage(String(error)) };
}

export interface EventContext {
  /** The page, already reduced to what may be sent (`reportablePageUrl`). */
  pageUrl: string;
  eventId: string;
  nowMs: number;
}

/** The Sentry event of an error: what failed, where in the code, on which page, and the correlation id. */
export function sentryEventOf(error: unknown, context: EventContext): SentryEvent {
  const frames = error instanceof Error ? stackFrames(error.stack) : [];
  const correlationId = isApiError(error) ? error.body?.correlation_id : undefined;
  return {
    event_id: context.eventId,
    timestamp: context.nowMs / 1000,
    platform: 'javascript',
    level: 'error',
    exception: {
      values: [{ ...describeError(error), ...(frames.length > 0 ? { stacktrace: { frames } } : {}) }],
    },
    request: { url: context.pageUrl },
    tags: correlationId ? { correlation_id: correlationId } : {},
  };
}

/** The page's address as a report names it: origin and path, no query, ids and tokens replaced. */
export function reportablePageUrl(location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return `${location.origin}${reportablePath(location.pathname)}`;
}

/** 32 hex digits, Sentry's event id. */
export function newEventId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

export interface ErrorReporterDeps {
  loadConfig: () => Promise<ClientConfig>;
  send?: typeof fetch;
  pageUrl?: () => string;
  now?: () => number;
  eventId?: () => string;
  /** At most this many reports a minute: a failing page must not flood the service. */
  perMinute?: number;
}

/**
 * The `report` of the shared error handler and the crash screen. Fire and forget: it reads the
 * configuration (once for the page), sends nothing without a DSN, reports one error object once,
 * and drops a report that fails rather than make it an error of its own.
 */
export function createErrorReporter(deps: ErrorReporterDeps): (error: unknown) => void {
  const now = deps.now ?? Date.now;
  const perMinute = deps.perMinute ?? 10;
  const reported = new WeakSet<object>();
  const sentAt: number[] = [];

  async function report(error: unknown): Promise<void> {
    const storeUrl = storeUrlOf((await deps.loadConfig()).error_reporting_dsn);
    if (!storeUrl) return;
    const at = now();
    while (sentAt.length > 0 && at - sentAt[0]! >= 60_000) sentAt.shift();
    if (sentAt.length >= perMinute) return;
    sentAt.push(at);
    const event = sentryEventOf(error, {
      pageUrl: (deps.pageUrl ?? reportablePageUrl)(),
      eventId: (deps.eventId ?? newEventId)(),
      nowMs: at,
    });
    // A simple request (text body, no credentials, no referrer): no preflight, nothing of the page's.
    await (deps.send ?? fetch)(storeUrl, {
      method: 'POST',
      body: JSON.stringify(event),
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      keepalive: true,
    });
  }

  return (error) => {
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return;
      reported.add(error);
    }
    report(error).catch(() => undefined);
  };
}

/** The app's reporter, on the configuration the auth service serves. */
export const reportError = createErrorReporter({ loadConfig: loadClientConfig });
