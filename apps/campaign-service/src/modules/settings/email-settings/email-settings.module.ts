import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmailSettingsController } from './email-settings.controller';
import { EmailSettingEntity, SenderDomainEntity, UnsubscribeUrlEntity } from './email-settings.entity';
import { EmailSettingsRepository } from './email-settings.repository';
import { EmailSettingsService } from './email-settings.service';
import { SenderDomainsRepository } from './sender-domains.repository';
import { UnsubscribeUrlService } from './unsubscribe-url.service';

/** Email settings: the global sender, sender domains, and the opt-out page setting. */
@Module({
  imports: [TypeOrmModule.forFeature([EmailSettingEntity, SenderDomainEntity, UnsubscribeUrlEntity])],
  controllers: [EmailSettingsController],
  providers: [EmailSettingsRepository, SenderDomainsRepository, EmailSettingsService, UnsubscribeUrlService],
  exports: [EmailSettingsService, UnsubscribeUrlService],
})
export class EmailSettingsModule {}
