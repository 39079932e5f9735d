import {
  type JobContext,
  type JobHandler,
  type JobPayload,
  JobProcessor,
  JobQueue,
} from '@meridian/server-kit';
import {
  runBatchJob,
  runStartJob,
  runStartKey,
  scheduleTickJob,
  TURN_TASKS,
  wakeDueJob,
} from './engine.jobs';
import { JourneyBatchService } from './journey-batch.service';
import { RunSchedulerService } from './run-scheduler.service';
import { RunStarterService } from './run-starter.service';
import { RunsRepository } from './runs.repository';

@JobProcessor(scheduleTickJob)
export class ScheduleTickProcessor implements JobHandler<typeof scheduleTickJob> {
  constructor(private readonly scheduler: RunSchedulerService) {}
  async handle(payload: JobPayload<typeof scheduleTickJob>): Promise<void> {
    await this.scheduler.tick(new Date(), payload.campaignId);
  }
}

@JobProcessor(runStartJob)
export class RunStartProcessor implements JobHandler<typeof runStartJob> {
  constructor(
    private readonly starter: RunStarterService,
    private readonly runs: RunsRepository,
    private readonly jobs: JobQueue,
  ) {}
  async handle(payload: JobPayload<typeof runStartJob>): Promise<void> {
    // Another organisation whose turn came longer ago is waiting: its job goes first, this one behind it.
    if (!(await this.runs.takeTurn(payload.runId, TURN_TASKS))) {
      await this.jobs.enqueue(undefined, runStartJob, payload, { jobKey: runStartKey(payload.runId) });
      return;
    }
    await this.starter.start(payload.runId);
  }
}

@JobProcessor(runBatchJob)
export class RunBatchProcessor implements JobHandler<typeof runBatchJob> {
  constructor(private readonly batches: JourneyBatchService) {}
  async handle(payload: JobPayload<typeof runBatchJob>, context: JobContext): Promise<void> {
    await this.batches.drain(payload.runId, context.signal, payload.lane);
  }
}

@JobProcessor(wakeDueJob)
export class WakeDueProcessor implements JobHandler<typeof wakeDueJob> {
  constructor(private readonly batches: JourneyBatchService) {}
  async handle(): Promise<void> {
    await this.batches.wakeDue(new Date());
  }
}
