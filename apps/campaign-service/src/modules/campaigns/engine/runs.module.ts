import { Module } from '@nestjs/common';
import { Transactions } from '@meridian/server-kit';
import { RunSchedulerService } from './run-scheduler.service';
import { RunsRepository } from './runs.repository';

/**
 * Campaign runs as the campaign lifecycle sees them: scheduling a published campaign's slots and
 * cancelling runs a campaign no longer wants. Kept apart from the engine so the campaigns module
 * can call it without depending on the journeys.
 */
@Module({
  providers: [Transactions, RunsRepository, RunSchedulerService],
  exports: [RunsRepository, RunSchedulerService],
})
export class RunsModule {}
