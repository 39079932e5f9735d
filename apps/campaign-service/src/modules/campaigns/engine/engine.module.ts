import { Module } from '@nestjs/common';
import { Transactions } from '@meridian/server-kit';
import { PersonalisationModule } from '../../assets/personalisation';
import { WebhooksModule } from '../../assets/webhooks/webhooks.module';
import { CrmFeedModule } from '../../contacts/crm-feed/crm-feed.module';
import { PersonsModule } from '../../contacts/persons/persons.module';
import { DryRunModule } from '../dry-run/dry-run.module';
import { EnginePorts } from './engine-ports';
import {
  RunBatchProcessor,
  RunStartProcessor,
  ScheduleTickProcessor,
  WakeDueProcessor,
} from './engine.processors';
import { JourneyBatchService } from './journey-batch.service';
import { JourneyRepository } from './journey.repository';
import { RunStarterService } from './run-starter.service';
import { RunsModule } from './runs.module';
import { SnapshotRepository } from './snapshot.repository';
import { StepRunnerService } from './step-runner.service';
import { WebhookCallerService } from './webhook-caller.service';
import { WebhookStepService } from './webhook-step.service';

/**
 * The campaign engine: run start (audience snapshot), batches walking persons through the flow,
 * and the minute's sweeps. Its jobs run on worker replicas; sending goes through CAMPAIGN_MAILER,
 * which the delivery module provides.
 */
@Module({
  imports: [RunsModule, PersonsModule, PersonalisationModule, WebhooksModule, DryRunModule, CrmFeedModule],
  providers: [
    Transactions,
    SnapshotRepository,
    JourneyRepository,
    EnginePorts,
    WebhookCallerService,
    WebhookStepService,
    StepRunnerService,
    RunStarterService,
    JourneyBatchService,
    ScheduleTickProcessor,
    RunStartProcessor,
    RunBatchProcessor,
    WakeDueProcessor,
  ],
  exports: [JourneyBatchService, RunStarterService],
})
export class EngineModule {}
