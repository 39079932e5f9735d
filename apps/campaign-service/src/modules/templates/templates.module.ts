import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersonalisationModule } from '../personalisation';
import { TemplateEntity } from './template.entity';
import { TemplateGallery } from './template-gallery';
import {
  GLOBAL_EMAIL_SETTINGS,
  type GlobalEmailSettings,
  TemplateTestSendService,
} from './template-test-send.service';
import { TemplateTestSendController } from './template-test-send.controller';
import { TemplatesController } from './templates.controller';
import { TemplatesRepository } from './templates.repository';
import { TemplatesService } from './templates.service';

/** Until the organisation has a global email setting, test sends fall back to the platform sender. */
const noGlobalEmailSettings: GlobalEmailSettings = { get: () => Promise.resolve(null) };

/** Email templates: the HTML and visual editors' documents, the starter gallery and the test send. */
@Module({
  imports: [TypeOrmModule.forFeature([TemplateEntity]), PersonalisationModule],
  controllers: [TemplatesController, TemplateTestSendController],
  providers: [
    TemplatesRepository,
    TemplatesService,
    TemplateGallery,
    TemplateTestSendService,
    { provide: GLOBAL_EMAIL_SETTINGS, useValue: noGlobalEmailSettings },
  ],
  exports: [TemplatesService],
})
export class TemplatesModule {}
