import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CampaignEntity } from '../campaigns/campaign.entity';
import { FlowController } from './flow.controller';
import { FlowReferencesRepository } from './flow-references.repository';
import { FlowRepository } from './flow.repository';
import { FlowService } from './flow.service';

/** The flow builder's step edits (add, remove, update options) on the campaign's draft flow. */
@Module({
  imports: [TypeOrmModule.forFeature([CampaignEntity])],
  controllers: [FlowController],
  providers: [FlowRepository, FlowService, FlowReferencesRepository],
  // Publishing checks the flow's references with it.
  exports: [FlowReferencesRepository],
})
export class FlowModule {}
