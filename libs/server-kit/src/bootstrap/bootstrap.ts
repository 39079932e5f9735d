import { randomUUID } from 'node:crypto';
import type { RequestListener } from 'node:http';
import type { DynamicModule, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { MAX_PATH_PARAM_LENGTH } from '@meridian/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { ErrorFilter, sendErrorBody } from '../errors/error-filter';
import { compileTrustProxy } from '../http/client-address';
import { FastRoutes, type ServerSettings } from '../http/fast-routes';
import { answerClientError, hardenRequests } from '../http/request-hardening';
import { CORRELATION_HEADER, correlationStorage, loggedPath } from '../logging/logger';

/** Nest's own log lines, sent to the service's pino logger. */
class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** The local gateway, which runs beside the services and forwards the client's address. */
export const DEFAULT_TRUSTED_PROXIES = 'loopback';

export interface ServiceAppOptions {
  /**
   * Whose X-Forwarded-For to believe: comma-separated addresses, CIDRs or proxy-addr keywords
   * (`loopback`), or a number of proxy hops in front of the service.
   */
  trustProxy?: string | number;
}

/** A hop count as Fastify applies it (the adapter's type takes no number): the nearest `hops` proxies. */
function trustProxyOption(value: string | number): string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/**
 * Keeps the error handler `hardenRequests` sets: Nest would set its own after adding
 * the routes, which reaches none of them and only makes Fastify warn of an override.
 */
class ServiceFastifyAdapter extends FastifyAdapter {
  override setErrorHandler() {
    return this.getInstance();
  }
}

/**
 * Builds a service's Nest app on Fastify with the shared wiring: correlation ids,
 * the error filter, body limits. Tests call this and inject requests; `main.ts`
 * calls it and listens.
 */
export async function createServiceApp(
  module: DynamicModule,
  logger: Logger,
  options: ServiceAppOptions = {},
): Promise<NestFastifyApplication> {
  const trustProxy = options.trustProxy ?? DEFAULT_TRUSTED_PROXIES;
  // Routes a module registers there are answered before Fastify (http/fast-routes.ts).
  const fastRoutes = new FastRoutes(logger, compileTrustProxy(trustProxy));
  const adapter = new ServiceFastifyAdapter({
    bodyLimit: MAX_BODY_BYTES,
    // Only a trusted proxy's X-Forwarded-For names the client; anyone else could write any address.
    trustProxy: trustProxyOption(trustProxy),
    serverFactory: (handler: RequestListener, settings: ServerSettings) =>
      fastRoutes.server(handler, settings),
    requestIdHeader: CORRELATION_HEADER,
    genReqId: () => randomUUID(),
    // Signed links carry their token in the path (unsubscribe: two ids and a signature, ~110 chars);
    // Fastify's default of 100 would answer them 414. Above every contract's longest path
    // parameter, so the contract refuses a long one with its own message first.
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    // Refusals the router makes before any route (a path parameter too long, a malformed URL)
    // answer with the one error body too.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
      sendErrorBody(logger, request, reply, error),
    // And so do the requests Node's parser refuses (bad request line, headers over the limit).
    clientErrorHandler: answerClientError,
  });
  // Before Nest adds the routes, which keep the error handler of the moment they are added.
  hardenRequests(adapter.getInstance(), logger);
  fastRoutes.attach(adapter.getInstance());
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    const correlationId = String(request.id);
    void reply.header(CORRELATION_HEADER, correlationId);
    correlationStorage.enterWith({ correlationId });
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    // Health probes run every few seconds; keep them out of the info log.
    const level = request.url.endsWith('/health') ? 'debug' : 'info';
    logger[level](
      {
        method: request.method,
        url: loggedPath(request.url, request.routeOptions.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
  app.useGlobalFilters(new ErrorFilter(logger));
  // SIGTERM/SIGINT close the app (HTTP drains, job runners finish or abort their batches, pools
  // close), then the process exits 0. Re-raising the signal instead would be ignored by a
  // container's PID 1 (node itself in our images), leaving the exit to whatever handle is left.
  app.enableShutdownHooks([], { useProcessExit: true });
  await app.init();
  await fastify.ready();
  return app;
}

export async function startService(
  module: DynamicModule,
  options: {
    logger: Logger;
    port: number;
    host: string;
    name: string;
    migrateOnly?: boolean;
  } & ServiceAppOptions,
): Promise<NestFastifyApplication> {
  const app = await createServiceApp(module, options.logger, { trustProxy: options.trustProxy });
  if (options.migrateOnly) {
    // Creating the app initialised the data source, which ran the pending migrations.
    options.logger.info(`${options.name} migrated; exiting (MIGRATE_ONLY)`);
    await app.close();
    return app;
  }
  await app.listen(options.port, options.host);
  options.logger.info({ port: options.port }, `${options.name} listening`);
  return app;
}
