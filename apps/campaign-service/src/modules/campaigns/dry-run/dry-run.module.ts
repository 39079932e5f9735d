import { Module } from '@nestjs/common';
import { PersonalisationModule } from '../../assets/personalisation';
import { GLOBAL_EMAIL_SETTINGS } from '../../assets/templates/template-test-send.service';
import { PersonsModule } from '../../contacts/persons/persons.module';
import { EmailSettingsModule } from '../../settings/email-settings/email-settings.module';
import { EmailSettingsService } from '../../settings/email-settings/email-settings.service';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { DryRunController } from './dry-run.controller';
import { DryRunRepository } from './dry-run.repository';
import { DryRunClock, DryRunService } from './dry-run.service';
import { CompiledPersonFilter } from './compiled-person-filter';

/** The dry run: the step evaluator walking a campaign's flow for one contact, read-only. */
@Module({
  imports: [CampaignsModule, PersonsModule, PersonalisationModule, EmailSettingsModule],
  controllers: [DryRunController],
  providers: [
    DryRunService,
    DryRunRepository,
    CompiledPersonFilter,
    { provide: GLOBAL_EMAIL_SETTINGS, useExisting: EmailSettingsService },
    DryRunClock,
  ],
  // The engine evaluates steps with the same ports, so a run decides as the dry run shows.
  exports: [DryRunRepository, CompiledPersonFilter, GLOBAL_EMAIL_SETTINGS],
})
export class DryRunModule {}
