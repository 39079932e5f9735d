import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { ValidationError } from '../errors/domain-error';
import { sendErrorBody } from '../errors/error-filter';

/** Postgres refuses U+0000 in text and jsonb; a request carrying one is refused before it gets there. */
export const NUL_MESSAGE = 'must not contain a NUL character';

/**
 * The path (`a.b.0`) of the first NUL character in `value`'s strings or object keys,
 * `''` when it is `value` itself, or null when there is none.
 */
export function findNulPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  // JSON nests at most this deep in practice; deeper input is left to the contract to refuse.
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, key];
    if (key.includes('\u0000')) return at.join('.');
    const found = findNulPath(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Throws the field-named 400 when `value` carries a NUL character. */
export function refuseNul(value: unknown, path: string[] = []): void {
  const found = findNulPath(value, path);
  if (found === null) return;
  // A NUL in a key would otherwise land in the answer's field name.
  const field = found === '' ? '_' : found.replaceAll('\u0000', '\\u0000');
  throw new ValidationError({ [field]: [`${field === '_' ? 'Request' : field} ${NUL_MESSAGE}`] });
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
      refuseNul(request.params);
      refuseNul(request.query);
      refuseNul(request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}
