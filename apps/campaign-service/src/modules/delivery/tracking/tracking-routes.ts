import type { IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { trackingClickContract, trackingOpenContract } from '@meridian/contracts';
import { type FastAnswer, type FastRequest, fastRoutesOf, LOGGER, NotFoundError } from '@meridian/server-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Requester } from './scanner-detection';
import { TrackingService } from './tracking.service';

/** A transparent 1x1 GIF (42 bytes). */
export const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Every fetch of the pixel must reach us: a cached pixel is an open we never see. */
export const PIXEL_HEADERS = {
  'content-type': 'image/gif',
  'cache-control': 'no-store, no-cache, must-revalidate, private, max-age=0',
  pragma: 'no-cache',
  expires: '0',
} as const;

const PREFETCH = /prefetch|prerender/i;

export function requesterOf(request: {
  headers: IncomingHttpHeaders;
  ip: string | undefined;
  method: string;
}): Requester {
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value[0] : value) ?? null;
  };
  const purpose = `${header('purpose') ?? ''} ${header('sec-purpose') ?? ''} ${header('x-moz') ?? ''}`;
  return {
    userAgent: header('user-agent'),
    ip: request.ip ?? null,
    // A HEAD is a link checker asking what is there; nobody reads a HEAD.
    prefetch: request.method === 'HEAD' || PREFETCH.test(purpose),
  };
}

type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

/** '/api/campaign/v1/t/o/:token' -> '/api/campaign/v1/t/o/' */
function prefixOf(path: string): string {
  if (!path.endsWith('/:token')) throw new Error(`a tracking path ends with its token: ${path}`);
  return path.slice(0, -':token'.length);
}

const PIXEL_ANSWER: FastAnswer = { status: 200, headers: PIXEL_HEADERS, body: PIXEL };
const redirectAnswer = (url: string): FastAnswer => ({
  status: 302,
  headers: { 'cache-control': 'no-store', location: url },
});
/** The click of a bad link is left to the Fastify route, which throws the same 404 to the error handler. */
const declined = (error: unknown): null => {
  if (error instanceof NotFoundError) return null;
  throw error;
};

/**
 * The open pixel and the click redirect, the two paths every recipient's mail client hits. A GET
 * is answered by the service's fast routes (server-kit http/fast-routes.ts: straight from
 * node:http, same headers and request log as the hooks give); HEAD, and a click the service
 * refuses, reach the plain Fastify routes below, which take no session and no JSON, so Nest's
 * guard, pipe and interceptor chain would only cost time (bench/tracking). Both run the same
 * token check, scanner judgement and buffer. Paths, access ('public') and answers are those of
 * their contracts.
 */
@Injectable()
export class TrackingRoutes implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly tracking: TrackingService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get(trackingOpenContract.fullPath, (request: TokenRequest, reply) => this.open(request, reply));
    fastify.get(trackingClickContract.fullPath, (request: TokenRequest, reply) => this.click(request, reply));
    const fast = fastRoutesOf(fastify);
    fast?.get(prefixOf(trackingOpenContract.fullPath), (request) => this.fastOpen(request));
    fast?.get(prefixOf(trackingClickContract.fullPath), (request) => this.fastClick(request));
  }

  private fastOpen(request: FastRequest): FastAnswer | Promise<FastAnswer> {
    const notRecorded = (error: unknown) => this.logger.error({ err: error }, 'open not recorded');
    try {
      const pending = this.tracking.open(request.param, requesterOf(request));
      if (pending) return pending.catch(notRecorded).then(() => PIXEL_ANSWER);
    } catch (error) {
      notRecorded(error);
    }
    return PIXEL_ANSWER;
  }

  private fastClick(request: FastRequest): FastAnswer | null | Promise<FastAnswer | null> {
    try {
      const url = this.tracking.click(request.param, requesterOf(request));
      return typeof url === 'string' ? redirectAnswer(url) : url.then(redirectAnswer, declined);
    } catch (error) {
      return declined(error);
    }
  }

  /** Always the pixel: a broken image in a mail helps no one, and a prober learns nothing. */
  private open(request: TokenRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> {
    const sendPixel = () => reply.code(200).headers(PIXEL_HEADERS).send(PIXEL);
    const notRecorded = (error: unknown) => this.logger.error({ err: error }, 'open not recorded');
    try {
      const pending = this.tracking.open(request.params.token, requesterOf(request));
      if (pending) return pending.catch(notRecorded).then(sendPixel);
    } catch (error) {
      notRecorded(error);
    }
    return sendPixel();
  }

  /** 302 to the link stored for that message; anything else is the spec's 404 (thrown to the error handler). */
  private click(request: TokenRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> {
    const redirect = (url: string) =>
      reply.code(302).header('cache-control', 'no-store').header('location', url).send();
    const url = this.tracking.click(request.params.token, requesterOf(request));
    return typeof url === 'string' ? redirect(url) : url.then(redirect);
  }
}
