import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsController } from './settings.controller';
import { OrganisationSettingsEntity } from './settings.entity';
import { SettingsRepository } from './settings.repository';
import { SettingsService } from './settings.service';

/** Organisation settings of the campaign service (person/org mapping). */
@Module({
  imports: [TypeOrmModule.forFeature([OrganisationSettingsEntity])],
  controllers: [SettingsController],
  providers: [SettingsRepository, SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
