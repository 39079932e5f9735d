import { Controller, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unsubscribeLinkContract, unsubscribeOneClickContract } from '@meridian/contracts';
import { RawEndpoint } from '@meridian/server-kit';
import { sendUnsubscribed, sendUnsubscribePage } from './unsubscribe-page';
import { UnsubscribeService } from './unsubscribe.service';

/** The public person-level unsubscribe link (no session: the signed token is the proof). */
@Controller()
export class UnsubscribeController {
  constructor(private readonly unsubscribes: UnsubscribeService) {}

  /** The confirmation page; a GET changes nothing (a scanner's fetch must not unsubscribe). */
  @RawEndpoint(unsubscribeLinkContract)
  async page(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    await this.unsubscribes.check(token);
    sendUnsubscribePage(reply);
  }

  /** RFC 8058 one-click from a mail client, or the page's form. */
  @RawEndpoint(unsubscribeOneClickContract)
  async unsubscribe(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    sendUnsubscribed(reply, request.body, await this.unsubscribes.unsubscribe(token));
  }
}
