import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Transactions } from '@meridian/server-kit';
import { FlowModule } from '../flow/flow.module';
import { RunsModule } from '../engine/runs.module';
import { SettingsModule } from '../../settings/organisation-settings/settings.module';
import { CampaignEntity } from './campaign.entity';
import { CampaignDraftsController } from './campaign-drafts.controller';
import { CampaignDraftsRepository } from './campaign-drafts.repository';
import { CampaignDraftsService } from './campaign-drafts.service';
import { CampaignsController } from './campaigns.controller';
import { CampaignsRepository } from './campaigns.repository';
import { CampaignsService } from './campaigns.service';

/** Campaigns: the list and lifecycle (create, rename, clone, delete), drafts and publish. */
@Module({
  imports: [TypeOrmModule.forFeature([CampaignEntity]), FlowModule, RunsModule, SettingsModule],
  controllers: [CampaignsController, CampaignDraftsController],
  providers: [
    CampaignsRepository,
    CampaignsService,
    CampaignDraftsRepository,
    CampaignDraftsService,
    Transactions,
  ],
  exports: [CampaignsService],
})
export class CampaignsModule {}
