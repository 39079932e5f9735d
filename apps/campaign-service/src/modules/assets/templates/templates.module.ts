import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmailSettingsModule } from '../../settings/email-settings/email-settings.module';
import { EmailSettingsService } from '../../settings/email-settings/email-settings.service';
import { PersonalisationModule } from '../personalisation';
import { TemplateEntity } from './template.entity';
import { TemplateGallery } from './template-gallery';
import { GLOBAL_EMAIL_SETTINGS, TemplateTestSendService } from './template-test-send.service';
import { TemplateTestSendController } from './template-test-send.controller';
import { TemplatesController } from './templates.controller';
import { TemplatesRepository } from './templates.repository';
import { TemplatesService } from './templates.service';

/** Email templates: the HTML and visual editors' documents, the starter gallery and the test send. */
@Module({
  imports: [TypeOrmModule.forFeature([TemplateEntity]), PersonalisationModule, EmailSettingsModule],
  controllers: [TemplatesController, TemplateTestSendController],
  providers: [
    TemplatesRepository,
    TemplatesService,
    TemplateGallery,
    TemplateTestSendService,
    // Test sends without a sender of their own use the organisation's global email setting.
    { provide: GLOBAL_EMAIL_SETTINGS, useExisting: EmailSettingsService },
  ],
  exports: [TemplatesService],
})
export class TemplatesModule {}
