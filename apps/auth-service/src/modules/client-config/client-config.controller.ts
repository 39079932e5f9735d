import { Controller, Inject } from '@nestjs/common';
import { clientConfigContract, type ResponseOf } from '@meridian/contracts';
import { CONFIG, Endpoint } from '@meridian/server-kit';
import type { AuthConfig } from '../../config';

/** The deployment's settings the browser needs, as the configuration was parsed at boot. */
@Controller()
export class ClientConfigController {
  private readonly answer: ResponseOf<typeof clientConfigContract>;

  constructor(@Inject(CONFIG) config: AuthConfig) {
    this.answer = {
      support_widget_url: config.SUPPORT_WIDGET_URL ?? null,
      error_reporting_dsn: config.SENTRY_DSN ?? null,
      internal_domain: config.INTERNAL_ORG_DOMAIN,
    };
  }

  @Endpoint(clientConfigContract)
  read(): ResponseOf<typeof clientConfigContract> {
    return this.answer;
  }
}
