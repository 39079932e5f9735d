import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TemplateEntity } from './template.entity';
import { TemplateGallery } from './template-gallery';
import { TemplatesController } from './templates.controller';
import { TemplatesRepository } from './templates.repository';
import { TemplatesService } from './templates.service';

/** Email templates: the HTML and visual editors' documents, the starter gallery and the test send. */
@Module({
  imports: [TypeOrmModule.forFeature([TemplateEntity])],
  controllers: [TemplatesController],
  providers: [TemplatesRepository, TemplatesService, TemplateGallery],
  exports: [TemplatesService],
})
export class TemplatesModule {}
