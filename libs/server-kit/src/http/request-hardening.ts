import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { ValidationError } from '../errors/domain-error';
import { sendErrorBody } from '../errors/error-filter';

/** Postgres refuses U+0000 in text and jsonb; a request carrying one is refused before it gets there. */
export const NUL_MESSAGE = 'must not contain a NUL character';
/**
 * JSON can spell half of a UTF-16 surrogate pair (`"\ud800"`); Postgres's jsonb refuses it, and in
 * text it would turn into U+FFFD on the way. Refused like a NUL.
 */
export const LONE_SURROGATE_MESSAGE = 'must be valid Unicode text (half of a surrogate pair found)';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with `text` for Postgres, or null. */
function textFault(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  return LONE_SURROGATE.test(text) ? LONE_SURROGATE_MESSAGE : null;
}

const UNSTORABLE = new RegExp(`${LONE_SURROGATE.source}|\u0000`, 'g');

/**
 * `text` as Postgres can store it, for data read from another system (a warehouse row) rather than
 * typed by a client: NUL characters dropped (as the CSV import drops them), half surrogate pairs
 * replaced by U+FFFD (as a UTF-8 decoder does).
 */
export function storableText(text: string): string {
  if (!text.includes('\u0000') && !LONE_SURROGATE.test(text)) return text;
  return text.replace(UNSTORABLE, (c) => (c === '\u0000' ? '' : '\uFFFD'));
}

/**
 * The path (`a.b.0`) of the first string or object key in `value` that Postgres cannot store (a
 * NUL character, half of a surrogate pair), `''` when it is `value` itself, with what is wrong;
 * null when there is none.
 *
 * Walks with a stack of its own rather than by recursion, so no nesting is too deep to look at: a
 * free-form JSON field (a template's design, a Segment call's properties) reaches jsonb however
 * deep it nests, and one NUL at any depth makes the whole statement fail.
 */
export function findBadText(value: unknown, path: string[] = []): { path: string; message: string } | null {
  // Each entry knows its parent and key; a path is spelled out only for the one reported, so
  // deep nesting costs no copy of the path per level.
  interface Step {
    value: unknown;
    parent: Step | null;
    key: string | null;
  }
  const pathOf = (step: Step): string => {
    const keys: string[] = [];
    for (let at: Step | null = step; at !== null && at.key !== null; at = at.parent) keys.push(at.key);
    return [...path, ...keys.reverse()].join('.');
  };
  const pending: Step[] = [{ value, parent: null, key: null }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    // An object key is looked at before what it holds, as the order of the text goes.
    const keyFault = step.key === null ? null : textFault(step.key);
    if (keyFault !== null) return { path: pathOf(step), message: keyFault };
    if (typeof step.value === 'string') {
      const message = textFault(step.value);
      if (message !== null) return { path: pathOf(step), message };
      continue;
    }
    if (step.value === null || typeof step.value !== 'object') continue;
    const entries = Object.entries(step.value);
    // Pushed last first, so the first bad text in order is the one reported.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      pending.push({ value: item, parent: step, key });
    }
  }
  return null;
}

/** Throws the field-named 400 when `value` carries text Postgres cannot store. */
export function refuseUnstorableText(value: unknown, path: string[] = []): void {
  const found = findBadText(value, path);
  if (found === null) return;
  // A NUL or a lone surrogate in a key would otherwise land in the answer's field name.
  const field =
    found.path === ''
      ? '_'
      : found.path.replace(UNSTORABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  throw new ValidationError({ [field]: [`${field === '_' ? 'Request' : field} ${found.message}`] });
}

/**
 * What every API answer carries: it is data, never a document, so nothing loads from
 * it or frames it. The gateway (tools/launcher/security-headers.mjs) and
 * docker/nginx.conf send the same.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};

/**
 * Client input never reaches a handler in a shape the services cannot store, and
 * every refusal Fastify makes itself (bad JSON, too large, wrong content type)
 * answers with the one error body. Must run before the routes are registered:
 * a Fastify route keeps the error handler that was set when it was added.
 */
export function hardenRequests(fastify: FastifyInstance, logger: Logger): void {
  fastify.setErrorHandler((error, request, reply) => sendErrorBody(logger, request, reply, error));
  // Every body is JSON, form fields (SAML) or multipart; plain text would only reach
  // a contract as a string, so it is refused as the wrong content type (415).
  fastify.removeContentTypeParser('text/plain');
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    void reply.headers(API_SECURITY_HEADERS);
    done(null, payload);
  });
  fastify.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseUnstorableText(request.params);
      refuseUnstorableText(request.query);
      refuseUnstorableText(request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

/** What a connection is told when its bytes are not an HTTP request Node can read. */
const CLIENT_ERRORS: Record<string, { status: number; code: string; description: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'RequestHeaderFieldsTooLargeException',
    description: 'The request headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'RequestTimeoutException',
    description: 'The request took too long to arrive',
  },
};
const NOT_HTTP = { status: 400, code: 'BadRequestException', description: 'The request is not valid HTTP' };

/**
 * The answer to a request Node's parser refuses before any framework sees it (a malformed request
 * line, headers over the limit, a bad Content-Length): the one error body, then the connection
 * closes, as Node does it. A reset connection has nobody to answer. The local gateway
 * (tools/launcher/gateway.mjs, plain JavaScript outside the build) keeps a copy of the same answers.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, code, description } = CLIENT_ERRORS[error.code ?? ''] ?? NOT_HTTP;
    const body = JSON.stringify({ status_code: status, code, description, fields: {} });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
