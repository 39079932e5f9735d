import { Controller } from '@nestjs/common';
import {
  emailSettingsMessages,
  type ParsedRequestOf,
  type ResponseOf,
  settingsGetContract,
  settingsUpdateContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { requireAdmin } from '../email-settings/email-settings.errors';
import { SettingsService } from './settings.service';

@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Endpoint(settingsGetContract)
  async get(@Auth() auth: RequestContext): Promise<ResponseOf<typeof settingsGetContract>> {
    return { settings: await this.settings.get(auth) };
  }

  @Endpoint(settingsUpdateContract)
  async update(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof settingsUpdateContract>,
  ): Promise<ResponseOf<typeof settingsUpdateContract>> {
    requireAdmin(auth, emailSettingsMessages.adminsOnlyMapping);
    return { settings: await this.settings.update(auth, input.person_org_mapping) };
  }
}
