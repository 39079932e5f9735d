import { Module } from '@nestjs/common';
import { Transactions } from '@meridian/server-kit';
import { PersonalisationModule } from '../../assets/personalisation';
import { PersonsModule } from '../../contacts/persons/persons.module';
import { EmailSettingsModule } from '../../settings/email-settings/email-settings.module';
import { TrackingBuffer } from './tracking-buffer.service';
import { TrackingController } from './tracking.controller';
import { TrackingRecorder } from './tracking-recorder.service';
import { TrackingRepository } from './tracking.repository';
import { TrackingRoutes } from './tracking-routes';
import { TrackingService } from './tracking.service';

/**
 * Opens, clicks and unsubscribes from campaign mails. Opens and clicks are judged (person or
 * scanner) and written in batches; see scanner-detection.ts for the rules.
 */
@Module({
  imports: [PersonalisationModule, EmailSettingsModule, PersonsModule],
  controllers: [TrackingController],
  providers: [
    Transactions,
    TrackingService,
    TrackingRoutes,
    TrackingBuffer,
    TrackingRecorder,
    TrackingRepository,
  ],
  exports: [TrackingBuffer],
})
export class TrackingModule {}
