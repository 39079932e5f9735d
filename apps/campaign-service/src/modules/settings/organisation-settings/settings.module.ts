import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmailSettingsModule } from '../email-settings/email-settings.module';
import { SettingsController } from './settings.controller';
import { OrganisationSettingsEntity } from './settings.entity';
import { SettingsRepository } from './settings.repository';
import { SettingsService } from './settings.service';

/** Organisation settings of the campaign service (person/org mapping, and the email settings it shows). */
@Module({
  imports: [TypeOrmModule.forFeature([OrganisationSettingsEntity]), EmailSettingsModule],
  controllers: [SettingsController],
  providers: [SettingsRepository, SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
