import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { CORRELATION_HEADER, correlationStorage } from '../logging/logger';
import { clientAddress, type TrustProxy } from './client-address';
import { API_SECURITY_HEADERS } from './request-hardening';

/** A GET the fast path took: the path's last segment is `param`. */
export interface FastRequest {
  method: 'GET';
  url: string;
  param: string;
  headers: IncomingHttpHeaders;
  /** The client's address, as Fastify's `request.ip` gives it (trusted proxies resolved). */
  ip: string | undefined;
}

export interface FastAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body?: Buffer;
}

/**
 * Answers a request, or returns null to leave it to the framework, whose route for the same
 * path then runs as usual (its error handler writes the spec's error body). Throwing does the
 * same, so a handler may only throw before it has done anything.
 */
export type FastHandler = (request: FastRequest) => FastAnswer | null | Promise<FastAnswer | null>;

/** Unreserved characters only: such a segment needs no decoding, so it is the router's param as is. */
const PARAM = /^[A-Za-z0-9._~-]{1,500}$/;
const NUL_IN_QUERY = /%00/;

/** Which Fastify options the server is built with (those Fastify itself applies to its own server). */
export type ServerSettings = {
  http?: ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number | null;
};

/**
 * A few GET routes answered straight from node:http, before Fastify: the public endpoints hit
 * far more often than any other (the tracking pixel and redirect), where Fastify's request
 * pipeline and the shared hooks cost several times the work of the answer itself
 * (bench/tracking). They answer exactly as the hooks would have: correlation id (taken from
 * the request or new), the API security headers, the request log line, the client address
 * behind trusted proxies. Every other request, every other method (HEAD too), any path that
 * would need decoding, a query carrying a NUL and every request during a graceful stop (Fastify
 * answers 503) goes to Fastify unchanged; so does anything a handler declines.
 */
export class FastRoutes {
  private readonly routes = new Map<string, FastHandler>();
  private closing = false;

  constructor(
    private readonly logger: Logger,
    private readonly trust: TrustProxy,
  ) {}

  /** Serves GET `<prefix><param>`; `prefix` ends with '/'. The framework route for the same path stays. */
  get(prefix: string, handler: FastHandler): void {
    if (!prefix.endsWith('/')) throw new Error(`A fast route prefix ends with '/': ${prefix}`);
    this.routes.set(prefix, handler);
  }

  /** Fastify's `serverFactory`: the HTTP server Fastify would build, with the fast routes in front. */
  server(fastify: RequestListener, settings: ServerSettings): Server {
    const server = createServer(settings.http ?? {}, (request, response) => {
      if (!this.take(request, response, fastify)) fastify(request, response);
    });
    if (settings.keepAliveTimeout !== undefined) server.keepAliveTimeout = settings.keepAliveTimeout;
    if (settings.requestTimeout !== undefined) server.requestTimeout = settings.requestTimeout;
    server.setTimeout(settings.connectionTimeout ?? 0);
    if (settings.maxRequestsPerSocket) server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
    return server;
  }

  /** From Fastify's preClose on: every request is Fastify's (it answers 503 while closing). */
  attach(fastify: FastifyInstance): void {
    fastRoutesByInstance.set(fastify, this);
    fastify.addHook('preClose', (done) => {
      this.closing = true;
      done();
    });
  }

  private take(request: IncomingMessage, response: ServerResponse, fastify: RequestListener): boolean {
    if (request.method !== 'GET' || this.closing || this.routes.size === 0) return false;
    const url = request.url ?? '';
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    const slash = path.lastIndexOf('/');
    const handler = this.routes.get(path.slice(0, slash + 1));
    const param = path.slice(slash + 1);
    if (!handler || !PARAM.test(param)) return false;
    // A NUL in the query is refused by the preValidation hook (request-hardening.ts): Fastify's answer.
    if (query >= 0 && NUL_IN_QUERY.test(url.slice(query))) return false;
    const started = process.hrtime.bigint();
    const header = request.headers[CORRELATION_HEADER];
    const correlationId = (Array.isArray(header) ? header[0] : header) || randomUUID();
    const fast: FastRequest = {
      method: 'GET',
      url,
      param,
      headers: request.headers,
      ip: clientAddress(request, this.trust),
    };
    const reply = (answer: FastAnswer | null) => {
      if (!answer) return fastify(request, response);
      try {
        this.send(response, correlationId, answer);
      } catch {
        // A header node refuses to write (e.g. a correlation id it cannot send back): Fastify's answer.
        if (!response.headersSent) return fastify(request, response);
        response.destroy();
        return;
      }
      this.log(request, path.slice(0, slash + 1), response.statusCode, started);
    };
    let answer: ReturnType<FastHandler>;
    try {
      answer = correlationStorage.run({ correlationId }, () => handler(fast));
    } catch {
      return false;
    }
    if (answer instanceof Promise) answer.then(reply, () => fastify(request, response));
    else reply(answer);
    return true;
  }

  private send(response: ServerResponse, correlationId: string, answer: FastAnswer): void {
    const body = answer.body ?? EMPTY;
    // The order Fastify writes them in: the correlation hook, the handler, the security hook, the length.
    response.writeHead(answer.status, {
      [CORRELATION_HEADER]: correlationId,
      ...answer.headers,
      ...API_SECURITY_HEADERS,
      'content-length': String(body.length),
    });
    response.end(body);
  }

  /**
   * The line the service's onResponse hook writes for every request. The fast routes' parameter
   * is a link's token: the line names it, as the hook's does for a `:token` route.
   */
  private log(request: IncomingMessage, prefix: string, status: number, started: bigint): void {
    if (!this.logger.isLevelEnabled('info')) return;
    const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
    this.logger.info({ method: request.method, url: `${prefix}:token`, status, ms }, 'request');
  }
}

const EMPTY = Buffer.alloc(0);
const fastRoutesByInstance = new WeakMap<FastifyInstance, FastRoutes>();

/** The fast routes of a service app built by createServiceApp (null elsewhere, e.g. a bare Fastify). */
export function fastRoutesOf(fastify: FastifyInstance): FastRoutes | null {
  return fastRoutesByInstance.get(fastify) ?? null;
}
