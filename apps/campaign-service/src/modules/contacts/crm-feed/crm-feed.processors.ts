import { type JobContext, type JobHandler, type JobPayload, JobProcessor } from '@meridian/server-kit';
import { CrmChangesService } from './crm-changes.service';
import { crmFeedExportJob, crmFeedTickJob } from './crm-feed.jobs';
import { CrmFeedService } from './crm-feed.service';

@JobProcessor(crmFeedTickJob)
export class CrmFeedTickProcessor implements JobHandler<typeof crmFeedTickJob> {
  constructor(private readonly feeds: CrmFeedService) {}
  async handle(): Promise<void> {
    await this.feeds.tick();
  }
}

@JobProcessor(crmFeedExportJob)
export class CrmFeedExportProcessor implements JobHandler<typeof crmFeedExportJob> {
  constructor(
    private readonly changes: CrmChangesService,
    private readonly feeds: CrmFeedService,
  ) {}

  async handle(payload: JobPayload<typeof crmFeedExportJob>, context: JobContext): Promise<void> {
    const outcome = await this.changes.exportChanged(payload.connectionId, context.signal);
    // Pages left (a large backlog, or a shutdown): the feed's next job takes them.
    if (outcome === 'more') await this.feeds.enqueue(undefined, payload.connectionId);
  }
}
