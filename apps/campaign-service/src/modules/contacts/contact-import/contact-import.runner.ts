import { InjectDataSource } from '@nestjs/typeorm';
import {
  JobProcessor,
  JobQueue,
  trySessionLock,
  type JobContext,
  type JobHandler,
  type JobPayload,
} from '@meridian/server-kit';
import { DataSource } from 'typeorm';
import { PersonsBulkService } from '../persons/persons-bulk.service';
import { UploadStore } from '../uploads/upload-store';
import {
  CONTACT_IMPORT_RETRY_MS,
  contactImportJob,
  contactImportJobKey,
  contactImportLockKey,
} from './contact-import.job';
import { ContactImportsRepository } from './contact-imports.repository';
import { stagedBatch, stagingTable } from './import-sql';
import { StagingRepository } from './staging.repository';

/**
 * Runs an import: hands the checked rows to the persons module's bulk upsert, then cleans up.
 * The run holds its organisation's import lock throughout: a second import of the organisation
 * (or a second run of this one, queued again by the resume job) finds it held and asks again a
 * few seconds later from the end of the job queue, so one organisation's imports take one job
 * slot at a time and leave the others to the rest. A run that dies frees the lock.
 */
@JobProcessor(contactImportJob)
export class ContactImportRunner implements JobHandler<typeof contactImportJob> {
  constructor(
    private readonly imports: ContactImportsRepository,
    private readonly staging: StagingRepository,
    private readonly persons: PersonsBulkService,
    private readonly store: UploadStore,
    private readonly jobs: JobQueue,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async handle(payload: JobPayload<typeof contactImportJob>, context: JobContext): Promise<void> {
    const lock = await trySessionLock(this.dataSource, contactImportLockKey(payload.organisationId));
    if (!lock) {
      // Another import of the organisation runs: this one waits its turn without holding a slot.
      await this.jobs.enqueue(undefined, contactImportJob, payload, {
        jobKey: contactImportJobKey(payload.importId),
        jobKeyMode: 'preserve_run_at',
        runAt: new Date(Date.now() + CONTACT_IMPORT_RETRY_MS),
      });
      return;
    }
    try {
      await this.run(payload, context);
    } finally {
      await lock.release();
    }
  }

  private async run(payload: JobPayload<typeof contactImportJob>, context: JobContext): Promise<void> {
    const { organisationId, importId } = payload;
    const found = await this.imports.findById(organisationId, importId);
    // Already done or cancelled: a redelivered job has nothing left to do.
    if (!found || found.status !== 'importing' || !found.preview?.options) return;
    const { columns, options, counts: preview } = found.preview;
    const table = stagingTable(importId);
    const newFields = columns
      .filter((c) => c.isNew)
      .map((c, i) => ({
        name: c.field,
        display: c.header,
        type: 'string' as const,
        length: null,
        read_only: false,
        updatable: true,
        required: false,
        hidden: false,
        custom: true,
        position: 1000 + i,
      }));
    try {
      const { inserted } = await this.persons.upsertStaged(
        organisationId,
        stagedBatch(table, columns),
        {
          enableUpdate: options.enable_update,
          overwriteValues: options.overwrite_values,
          ignoreBlank: options.ignore_blank,
        },
        {
          newFields,
          // The check found no contact with any of the file's emails.
          allNew: (preview?.total_entries_to_be_updated ?? 0) === 0,
          // Written outside the import's transaction, so the status poll sees it while the import runs.
          progress: (share) =>
            this.imports.update(organisationId, importId, {
              processed_rows: Math.floor(found.total_rows * share),
            }),
        },
      );
      // Every importable row either matched an existing contact or was inserted.
      const importable =
        (preview?.total_entries_to_be_created ?? 0) + (preview?.total_entries_to_be_updated ?? 0);
      const counts = { inserted, updated: options.enable_update ? Math.max(0, importable - inserted) : 0 };
      await this.imports.update(organisationId, importId, {
        status: 'imported',
        processed_rows: found.total_rows,
        result: { new_records: counts.inserted, records_updated: counts.updated },
      });
      await this.staging.drop(table);
      await this.store.remove(organisationId, found.filepath);
    } catch (error) {
      context.logger.error({ err: error, importId }, 'contact import failed');
      await this.imports.update(organisationId, importId, {
        status: 'failed',
        error: 'Import failed. Nothing was imported',
      });
    }
  }
}
