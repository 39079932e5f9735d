import { Controller, Redirect } from '@nestjs/common';
import {
  type ParsedRequestOf,
  type ResponseOf,
  unsubscribeLinkContract,
  unsubscribeOneClickContract,
} from '@meridian/contracts';
import { Endpoint, Input } from '@meridian/server-kit';
import { UnsubscribeService } from './unsubscribe.service';

/** The public unsubscribe link (no session: the signed token is the proof). */
@Controller()
export class UnsubscribeController {
  constructor(private readonly unsubscribes: UnsubscribeService) {}

  // 303 so a browser follows with a GET whichever way it came.
  @Endpoint(unsubscribeLinkContract)
  @Redirect('', 303)
  async open(
    @Input() input: ParsedRequestOf<typeof unsubscribeLinkContract>,
  ): Promise<ResponseOf<typeof unsubscribeLinkContract>> {
    return { url: await this.unsubscribes.unsubscribe(input.token) };
  }

  /**
   * RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` to the same link, with
   * no one to send anywhere; a 200 tells it the unsubscribe is done.
   */
  @Endpoint(unsubscribeOneClickContract)
  async oneClick(
    @Input() input: ParsedRequestOf<typeof unsubscribeOneClickContract>,
  ): Promise<ResponseOf<typeof unsubscribeOneClickContract>> {
    return { url: await this.unsubscribes.unsubscribe(input.token) };
  }
}
