import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  contactDuplicateReportContract,
  contactErrorReportContract,
  csvMessages,
  FILLABLE_DEFAULT_FIELDS,
  type ImportPreview,
  type PersonField,
} from '@meridian/contracts';
import { JobQueue, NotFoundError, type RequestContext, Transactions } from '@meridian/server-kit';
import { PersonsService } from '../persons/persons.service';
import { readUpload } from '../uploads/multipart';
import { FILE_NOT_FOUND, UploadStore } from '../uploads/upload-store';
import type { ContactImportEntity, ImportOptions } from './contact-import.entity';
import { ContactImportError } from './contact-import.errors';
import { contactImportJob, contactImportJobKey } from './contact-import.job';
import { contactFileLockKey, ContactImportsRepository } from './contact-imports.repository';
import { CsvFileError, readHeader } from '../uploads/csv-reader';
import { type ImportColumn, mapColumns } from './import-columns';
import { stagingTable } from './import-sql';
import { CsvPartError, fileInParts, wholeFile } from './csv-parts';
import { type PreviewCounts, StagingRepository } from './staging.repository';
import type { FastifyRequest } from 'fastify';

/** The template's columns: the default fields a user can fill. */
export const TEMPLATE_HEADERS = FILLABLE_DEFAULT_FIELDS;

function toPreview(filepath: string, counts: PreviewCounts): ImportPreview {
  const status = counts.errors > 0 ? 'ERROR' : counts.duplicates > 0 ? 'DUPLICATE' : 'SUCCESS';
  const q = `?filepath=${encodeURIComponent(filepath)}`;
  return {
    total_contacts: counts.total,
    new_contacts: counts.to_create,
    error_contacts: counts.errors,
    duplicate_contacts: counts.duplicates,
    total_entries_to_be_created: counts.to_create,
    total_entries_to_be_updated: counts.to_update,
    status,
    message:
      status === 'ERROR'
        ? csvMessages.dataErrors
        : status === 'DUPLICATE'
          ? csvMessages.dataDuplicates
          : csvMessages.dataVerified,
    error_report: counts.errors > 0 ? `${contactErrorReportContract.fullPath}${q}` : null,
    duplicate_report: counts.duplicates > 0 ? `${contactDuplicateReportContract.fullPath}${q}` : null,
  };
}

const PROCESS_STATE = {
  uploaded: 'completed',
  matched: 'completed',
  importing: 'processing',
  imported: 'completed',
  failed: 'error',
} as const;

/** Contact CSV import: upload, check (match), reports, cancel, and starting the import job. */
@Injectable()
export class ContactImportService {
  constructor(
    private readonly store: UploadStore,
    private readonly imports: ContactImportsRepository,
    private readonly staging: StagingRepository,
    private readonly persons: PersonsService,
    private readonly transactions: Transactions,
    private readonly jobs: JobQueue,
  ) {}

  template(): string {
    return `${TEMPLATE_HEADERS.join(',')}\r\n`;
  }

  /** Stores the file and checks its header, so a file without an email column fails at once. */
  async upload(auth: RequestContext, request: FastifyRequest): Promise<string> {
    const filepath = await readUpload(request, (file) =>
      this.store.save(auth.organisationId, 'contacts', file),
    );
    try {
      await this.columnsOf(auth, filepath);
    } catch (error) {
      await this.store.remove(auth.organisationId, filepath);
      throw error;
    }
    await this.imports.create(auth.organisationId, filepath);
    return filepath;
  }

  async status(auth: RequestContext, filepath: string) {
    const row = await this.require(auth, filepath);
    return {
      status: PROCESS_STATE[row.status],
      error: row.error,
      filepath,
      stage: row.status,
      progress: { processed_rows: row.processed_rows, total_rows: row.total_rows },
      result: row.result,
    };
  }

  /**
   * Stages the whole file with COPY and answers the preview; a broken file is refused with its
   * reason. Checks of one file take turns (two tabs, a double click) with its start and cancel:
   * a check that finds the import started or the file cancelled is refused.
   */
  async match(auth: RequestContext, filepath: string): Promise<ImportPreview> {
    const row = await this.require(auth, filepath);
    this.refuseStarted(row);
    const columns = await this.columnsOf(auth, filepath);
    const path = await this.store.path(auth.organisationId, filepath, 'contacts');
    const table = stagingTable(row.id);
    let started = false;
    const counts = await this.staging
      .load(
        table,
        columns,
        [
          async () => fileInParts(path, (await stat(path)).size, columns),
          async () => wholeFile(path, columns),
        ],
        (error) => error instanceof CsvFileError || error instanceof CsvPartError,
        auth.organisationId,
        {
          key: contactFileLockKey(row.id),
          check: async () => {
            const now = await this.imports.findById(auth.organisationId, row.id);
            if (!now) throw new NotFoundError(FILE_NOT_FOUND);
            this.refuseStarted(now);
          },
          settle: async (found, error) => {
            if (!found && !(error instanceof CsvFileError)) return;
            const patch = found
              ? {
                  status: 'matched' as const,
                  error: null,
                  total_rows: found.total,
                  preview: { counts: toPreview(filepath, found), columns },
                }
              : { status: 'failed' as const, error: (error as CsvFileError).message };
            started = !(await this.imports.settleCheck(auth.organisationId, row.id, patch));
          },
        },
      )
      .catch((error: unknown) => {
        if (error instanceof CsvFileError) throw new ContactImportError('InvalidCsvException', error.message);
        throw error;
      });
    if (started) this.refuseStarted({ status: 'importing' });
    return toPreview(filepath, counts);
  }

  /** A file whose import has started (or is done) is not checked or cancelled any more. */
  private refuseStarted(row: Pick<ContactImportEntity, 'status'>): void {
    if (row.status === 'importing' || row.status === 'imported') {
      throw new ContactImportError('ImportNotReadyException', 'This file has already been imported');
    }
  }

  async report(auth: RequestContext, filepath: string, kind: 'errors' | 'duplicates'): Promise<Readable> {
    const row = await this.require(auth, filepath);
    const table = stagingTable(row.id);
    if (!row.preview || !(await this.staging.exists(table))) {
      throw new ContactImportError('ImportNotReadyException', 'Check the file before downloading its report');
    }
    return this.staging.report(table, row.preview.columns, kind);
  }

  /** Cancels a file that is not importing: its row, staging table and file go; after a check in flight, not during it. */
  async cancel(auth: RequestContext, filepath: string): Promise<void> {
    const row = await this.require(auth, filepath);
    const removed = await this.transactions.run(async (tx) => {
      await this.imports.lockFile(row.id, tx);
      const now = await this.imports.findById(auth.organisationId, row.id, tx);
      if (!now) return false;
      if (now.status === 'importing')
        throw new ContactImportError('ImportNotReadyException', 'The import is already running');
      return this.imports.removeUnlessImporting(auth.organisationId, row.id, tx);
    });
    if (!removed) throw new NotFoundError(FILE_NOT_FOUND);
    await this.staging.drop(stagingTable(row.id));
    await this.store.remove(auth.organisationId, filepath);
  }

  /**
   * Queues the import in the same transaction that marks it importing: exactly one run per click.
   * It waits for a check or cancel of the file in flight and judges what that left.
   */
  async start(auth: RequestContext, filepath: string, options: ImportOptions): Promise<void> {
    const { id } = await this.require(auth, filepath);
    await this.transactions.run(async (tx) => {
      await this.imports.lockFile(id, tx);
      const row = await this.imports.findById(auth.organisationId, id, tx);
      if (!row) throw new NotFoundError(FILE_NOT_FOUND);
      if (row.status === 'importing')
        throw new ContactImportError('ImportNotReadyException', 'The import is already running');
      const counts = row.preview?.counts;
      if (row.status !== 'matched' || !counts || !row.preview) {
        throw new ContactImportError('ImportNotReadyException', 'Check the file before importing it');
      }
      if (counts.status === 'ERROR')
        throw new ContactImportError('ImportNotReadyException', csvMessages.dataErrors);
      const updates = options.enable_update ? counts.total_entries_to_be_updated : 0;
      if (counts.total_entries_to_be_created + updates === 0) {
        throw new ContactImportError('NothingToImportException', 'There is nothing to create or update');
      }
      const preview = { ...row.preview, options };
      const moved = await this.imports.transition(
        auth.organisationId,
        row.id,
        'matched',
        { status: 'importing', preview },
        tx,
      );
      if (!moved) throw new ContactImportError('ImportNotReadyException', 'The import is already running');
      await this.jobs.enqueue(
        tx,
        contactImportJob,
        { organisationId: auth.organisationId, importId: row.id },
        { jobKey: contactImportJobKey(row.id), jobKeyMode: 'preserve_run_at' },
      );
    });
  }

  private async columnsOf(auth: RequestContext, filepath: string): Promise<ImportColumn[]> {
    const definitions: PersonField[] = await this.persons.fieldDefinitions(auth.organisationId);
    try {
      const header = await readHeader(await this.store.open(auth.organisationId, filepath, 'contacts'));
      return mapColumns(header, definitions);
    } catch (error) {
      if (error instanceof CsvFileError) throw new ContactImportError('InvalidCsvException', error.message);
      throw error;
    }
  }

  private async require(auth: RequestContext, filepath: string): Promise<ContactImportEntity> {
    const row = await this.imports.find(auth.organisationId, filepath);
    if (!row) throw new NotFoundError(FILE_NOT_FOUND);
    return row;
  }
}
