import { JobProcessor, type JobContext, type JobHandler } from '@meridian/server-kit';
import { UploadStore } from '../uploads/upload-store';
import { contactImportCleanupJob } from './contact-import.job';
import { ContactImportsRepository } from './contact-imports.repository';
import { StagingRepository } from './staging.repository';

/**
 * Hourly: an import nobody touched for a day (uploaded or checked but never run,
 * or failed) is removed with its file, and every staging table no import will read
 * again is dropped, including those of a process that died mid-match.
 */
@JobProcessor(contactImportCleanupJob)
export class ContactImportCleanupRunner implements JobHandler<typeof contactImportCleanupJob> {
  constructor(
    private readonly imports: ContactImportsRepository,
    private readonly staging: StagingRepository,
    private readonly store: UploadStore,
  ) {}

  async handle(_payload: unknown, context: JobContext): Promise<void> {
    const abandoned = await this.imports.removeAbandoned();
    for (const row of abandoned) await this.store.remove(row.organisation_id, row.filepath);
    const dropped = await this.staging.dropLeftovers();
    if (abandoned.length + dropped > 0)
      context.logger.info({ abandoned: abandoned.length, dropped }, 'contact import leftovers removed');
  }
}
