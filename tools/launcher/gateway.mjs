// The local gateway: one origin for everything. API prefixes go to their
// service; everything else is the built web app with SPA fallback. In
// Kubernetes an Ingress does the same job (k8s/ingress.yaml).
import Fastify from 'fastify';
import httpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import { securityHeaders } from './security-headers.mjs';

/** The services' JSON body limit (libs/server-kit); multipart uploads have their own. */
export const API_BODY_LIMIT = 10 * 1024 * 1024;

/** JSON answers: the services' APIs and the public Segment Tracking API (`/v1/track`, ...). */
const isApiPath = (path) => path.startsWith('/api/') || path.startsWith('/v1/');

/** Headers that describe one connection, never forwarded (Connection and Transfer-Encoding are dropped by the proxy itself). */
const HOP_BY_HOP = ['expect', 'keep-alive', 'upgrade', 'te', 'trailer', 'proxy-connection'];

function errorBody(status_code, code, description) {
  return { status_code, code, description, fields: {} };
}

const CODE_OF_STATUS = {
  404: 'NotFoundException',
  413: 'PayloadTooLargeException',
  414: 'UriTooLongException',
};

/** What the client is told: the router's and the proxy's own wording says nothing to a user. */
function describe(error) {
  if (error.code === 'FST_ERR_BAD_URL' || /invalid characters/.test(error.message)) {
    return 'The address is not valid';
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return 'The address is too long';
  return error.message;
}

const CLIENT_ERRORS = {
  HPE_HEADER_OVERFLOW: [431, 'RequestHeaderFieldsTooLargeException', 'The request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'RequestTimeoutException', 'The request took too long to arrive'],
};

/** A request Node's parser refuses (bad request line, headers over the limit): the error body, then close. */
function answerClientError(error, socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const [status, code, description] = CLIENT_ERRORS[error.code] ?? [
      400,
      'BadRequestException',
      'The request is not valid HTTP',
    ];
    const body = JSON.stringify(errorBody(status, code, description));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Answers once the client has sent the rest of a refused body: answering first closes
 * the connection with unread data, which resets it, and a client still writing loses
 * the answer. Bounded, like the services' drain.
 */
function afterUnreadBody(raw, then) {
  if (raw.complete || raw.readableEnded || raw.destroyed) return then();
  const timer = setTimeout(then, 60_000);
  raw.once('end', () => {
    clearTimeout(timer);
    then();
  });
  raw.resume();
}

/**
 * @param {{ port: number, host?: string, routes: { prefix: string, upstream: string }[], webRoot: string,
 *           extraOrigins?: string[],
 *           registerExtras?: (app: import('fastify').FastifyInstance) => Promise<void> | void }} options
 */
export async function startGateway({
  port,
  host = '0.0.0.0',
  routes,
  webRoot,
  extraOrigins = [],
  registerExtras,
}) {
  const app = Fastify({
    logger: false,
    bodyLimit: 200 * 1024 * 1024,
    trustProxy: true,
    // An address the router cannot decode (`%ff`) or whose parameter is too long: the error body
    // like every other answer, not Fastify's own.
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
    // So is a request Node's parser refuses (as the services answer it, server-kit answerClientError).
    clientErrorHandler: answerClientError,
  });

  function sendError(error, request, reply) {
    const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 500;
    const body =
      status >= 500
        ? errorBody(500, 'InternalServerError', 'Something went wrong!')
        : errorBody(status, CODE_OF_STATUS[status] ?? 'BadRequestException', describe(error));
    afterUnreadBody(request.raw, () => reply.code(status).send(body));
  }
  app.setErrorHandler(sendError);

  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0];
    const isApi = isApiPath(path);
    // Source maps are for error reporting, not for the public.
    if (!isApi && path.endsWith('.map')) {
      reply.code(404).send(errorBody(404, 'NotFoundException', 'Not found'));
      return;
    }
    // A JSON body over the services' limit is refused here, in the error body: a
    // service refusing it mid-upload would leave the proxy a broken connection (502).
    const length = Number(request.headers['content-length'] ?? 0);
    const multipart = String(request.headers['content-type'] ?? '').startsWith('multipart/');
    if (isApi && !multipart && length > API_BODY_LIMIT) {
      afterUnreadBody(request.raw, () =>
        reply.code(413).send(errorBody(413, 'PayloadTooLargeException', 'Request is too large')),
      );
      return;
    }
    done();
  });

  for (const { prefix, upstream } of routes) {
    await app.register(httpProxy, {
      upstream,
      prefix,
      rewritePrefix: prefix,
      // undici's pooled keep-alive client: several times cheaper per request than node:http's
      // agent (bench/ingest), the body still piped through unbuffered.
      undici: { connections: 128, pipelining: 1, headersTimeout: 300_000, bodyTimeout: 300_000 },
      replyOptions: {
        // The gateway is the edge: the client's own X-Forwarded-For is replaced by the address it
        // connected from, which the services trust from the gateway alone (login limits count per
        // client). A GET or HEAD is forwarded without a body (Fastify does not read one); its
        // Content-Length would make the service wait for bytes that never come and read the next
        // request on that pooled connection as them.
        rewriteRequestHeaders: (request, headers) => {
          const rest = { ...headers, 'x-forwarded-for': request.raw.socket.remoteAddress ?? '' };
          // Hop-by-hop headers are this hop's alone (node already answered a 100-continue); undici
          // refuses to send them, which would make a 502 of the request.
          for (const name of HOP_BY_HOP) delete rest[name];
          if (request.method === 'GET' || request.method === 'HEAD') {
            delete rest['content-length'];
            delete rest['transfer-encoding'];
          }
          return rest;
        },
        // What went wrong (an address, a refused port) is not the client's to read.
        onError: (reply) => {
          reply
            .code(502)
            .send(errorBody(502, 'BadGatewayException', `Service behind ${prefix} is not reachable`));
        },
      },
    });
  }

  if (registerExtras) await registerExtras(app);

  const hasWeb = existsSync(join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: ['index.html'],
      cacheControl: false,
      // The build writes .br and .gz copies (apps/web/build/precompress.mjs): sent as they are, with
      // Content-Encoding and Vary: Accept-Encoding, to clients that accept them.
      preCompressed: true,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = isApiPath(request.url);
    if (!isApi && request.method === 'GET' && hasWeb) {
      // Hashed assets are immutable; the HTML shell must always be fresh.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webRoot);
    }
    return reply
      .code(404)
      .send(errorBody(404, 'NotFoundException', `Cannot ${request.method} ${request.url.split('?')[0]}`));
  });
  // Built once: the hook runs on every answer.
  const headersOf = {
    api: Object.entries(securityHeaders('api', extraOrigins)),
    page: Object.entries(securityHeaders('page', extraOrigins)),
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/assets/'))
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    for (const [name, value] of headersOf[isApiPath(request.url) ? 'api' : 'page']) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    done(null, payload);
  });

  await app.listen({ port, host });
  return app;
}
