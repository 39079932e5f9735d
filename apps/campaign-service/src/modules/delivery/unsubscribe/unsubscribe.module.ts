import { Module } from '@nestjs/common';
import { EmailSettingsModule } from '../../settings/email-settings/email-settings.module';
import { PersonalisationModule } from '../../assets/personalisation';
import { PersonsModule } from '../../contacts/persons/persons.module';
import { UnsubscribeController } from './unsubscribe.controller';
import { UnsubscribeService } from './unsubscribe.service';

/** The public one-click unsubscribe link of campaign mails. */
@Module({
  imports: [PersonalisationModule, PersonsModule, EmailSettingsModule],
  controllers: [UnsubscribeController],
  providers: [UnsubscribeService],
})
export class UnsubscribeModule {}
