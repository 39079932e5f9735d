import { Controller, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { trackingUnsubscribeContract, trackingUnsubscribePageContract } from '@meridian/contracts';
import { RawEndpoint } from '@meridian/server-kit';
import { sendUnsubscribed, sendUnsubscribePage } from '../unsubscribe/unsubscribe-page';
import { TrackingService } from './tracking.service';

/** The unsubscribe link of campaign mails (open and click are tracking-routes.ts). */
@Controller()
export class TrackingController {
  constructor(private readonly tracking: TrackingService) {}

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
