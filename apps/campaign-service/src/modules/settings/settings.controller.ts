import { Controller } from '@nestjs/common';
import { type ResponseOf, settingsGetContract } from '@meridian/contracts';
import { Auth, Endpoint, type RequestContext } from '@meridian/server-kit';
import { SettingsService } from './settings.service';

@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Endpoint(settingsGetContract)
  async get(@Auth() auth: RequestContext): Promise<ResponseOf<typeof settingsGetContract>> {
    return { settings: await this.settings.get(auth) };
  }
}
