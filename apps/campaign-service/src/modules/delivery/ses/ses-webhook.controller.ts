import { Controller } from '@nestjs/common';
import { type ParsedRequestOf, type ResponseOf, sesNotificationContract } from '@meridian/contracts';
import { Endpoint, Input } from '@meridian/server-kit';
import { SesNotificationsService } from './ses-notifications.service';

/** Where Amazon SNS posts SES notifications (no session: the SNS signature is the proof). */
@Controller()
export class SesWebhookController {
  constructor(private readonly notifications: SesNotificationsService) {}

  @Endpoint(sesNotificationContract)
  async receive(
    @Input() input: ParsedRequestOf<typeof sesNotificationContract>,
  ): Promise<ResponseOf<typeof sesNotificationContract>> {
    await this.notifications.receive(input);
    return { success: true };
  }
}
