import {
  isUniqueViolation,
  JobProcessor,
  type JobContext,
  type JobHandler,
  type JobPayload,
  Transactions,
} from '@meridian/server-kit';
import { PersonFieldsRepository } from '../persons/person-fields.repository';
import { UploadStore } from '../uploads/upload-store';
import { contactImportJob } from './contact-import.job';
import { ContactImportsRepository } from './contact-imports.repository';
import { stagingTable } from './import-sql';
import { StagingRepository } from './staging.repository';

/** Runs an import: new custom fields and the upsert in one transaction, then cleans up. */
@JobProcessor(contactImportJob)
export class ContactImportRunner implements JobHandler<typeof contactImportJob> {
  constructor(
    private readonly transactions: Transactions,
    private readonly imports: ContactImportsRepository,
    private readonly staging: StagingRepository,
    private readonly fields: PersonFieldsRepository,
    private readonly store: UploadStore,
  ) {}

  async handle(payload: JobPayload<typeof contactImportJob>, context: JobContext): Promise<void> {
    const { organisationId, importId } = payload;
    const found = await this.imports.findById(organisationId, importId);
    // Already done or cancelled: a redelivered job has nothing left to do.
    if (!found || found.status !== 'importing' || !found.preview?.options) return;
    const { columns, options, counts: preview } = found.preview;
    const table = stagingTable(importId);
    const upsertOptions = (guarded: boolean) => ({
      enableUpdate: options.enable_update,
      overwriteValues: options.overwrite_values,
      ignoreBlank: options.ignore_blank,
      // The check found no contact with any of the file's emails; a retry knows better.
      onlyNew: !guarded && (preview?.total_entries_to_be_updated ?? 0) === 0,
    });
    // Written outside the import's transaction, so the status poll sees it while the import runs.
    const progress = (share: number) =>
      this.imports.update(organisationId, importId, { processed_rows: Math.floor(found.total_rows * share) });
    const run = (guarded: boolean) =>
      this.transactions.run(async (tx) => {
        const created = columns
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
        await this.fields.insertMany(organisationId, created, tx);
        return this.staging.upsert(table, columns, upsertOptions(guarded), organisationId, tx, { guarded, progress });
      });
    try {
      let inserted: number;
      try {
        ({ inserted } = await run(false));
      } catch (error) {
        // A contact with one of the file's emails was created since the check: the
        // transaction left nothing behind, so run again tolerating it.
        if (!isUniqueViolation(error)) throw error;
        ({ inserted } = await run(true));
      }
      // Every importable row either matched an existing contact or was inserted.
      const importable = (preview?.total_entries_to_be_created ?? 0) + (preview?.total_entries_to_be_updated ?? 0);
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
      await this.imports.update(organisationId, importId, { status: 'failed', error: 'Import failed. Nothing was imported' });
    }
  }
}
