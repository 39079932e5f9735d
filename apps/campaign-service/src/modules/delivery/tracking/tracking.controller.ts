import { Controller, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  trackingClickContract,
  trackingOpenContract,
  trackingUnsubscribeContract,
  trackingUnsubscribePageContract,
} from '@meridian/contracts';
import { LOGGER, RawEndpoint } from '@meridian/server-kit';
import { Inject } from '@nestjs/common';
import type { Logger } from 'pino';
import { sendUnsubscribed, sendUnsubscribePage } from '../unsubscribe/unsubscribe-page';
import type { Requester } from './scanner-detection';
import { TrackingService } from './tracking.service';

/** A transparent 1x1 GIF (43 bytes). */
export const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Every fetch of the pixel must reach us: a cached pixel is an open we never see. */
export const PIXEL_HEADERS = {
  'content-type': 'image/gif',
  'cache-control': 'no-store, no-cache, must-revalidate, private, max-age=0',
  pragma: 'no-cache',
  expires: '0',
} as const;

const PREFETCH = /prefetch|prerender/i;

function requesterOf(request: FastifyRequest): Requester {
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

/** The public tracking links of campaign mails: open pixel, click redirect, unsubscribe. */
@Controller()
export class TrackingController {
  constructor(
    private readonly tracking: TrackingService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Always the pixel: a broken image in a mail helps no one, and a prober learns nothing. */
  @RawEndpoint(trackingOpenContract)
  async open(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    try {
      await this.tracking.open(token, requesterOf(request));
    } catch (error) {
      this.logger.error({ err: error }, 'open not recorded');
    }
    void reply.code(200).headers(PIXEL_HEADERS).send(PIXEL);
  }

  @RawEndpoint(trackingClickContract)
  async click(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const url = await this.tracking.click(token, requesterOf(request));
    void reply.code(302).header('cache-control', 'no-store').header('location', url).send();
  }

  /** The confirmation page; a GET never unsubscribes. */
  @RawEndpoint(trackingUnsubscribePageContract)
  async unsubscribePage(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    await this.tracking.checkUnsubscribe(token);
    sendUnsubscribePage(reply);
  }

  /** RFC 8058 one-click from a mail client, or the confirmation page's form. */
  @RawEndpoint(trackingUnsubscribeContract)
  async unsubscribe(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    sendUnsubscribed(reply, request.body, await this.tracking.unsubscribe(token));
  }
}
