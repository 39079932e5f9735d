import { InjectDataSource } from '@nestjs/typeorm';
import {
  JobProcessor,
  JobQueue,
  trySessionLock,
  type JobContext,
  type JobHandler,
} from '@meridian/server-kit';
import { DataSource } from 'typeorm';
import {
  contactImportJob,
  contactImportJobKey,
  contactImportLockKey,
  contactImportResumeJob,
} from './contact-import.job';
import { ContactImportsRepository } from './contact-imports.repository';

/** An import importing and unchanged for longer than this, with its lock free, is queued again. */
const QUIET_MS = 60_000;

/**
 * Every minute: imports importing and unchanged for a minute whose organisation's import lock
 * nobody holds are queued again. A worker killed mid-import (or cut from the database) leaves its
 * job locked for hours and the import 'processing' on the user's screen; its transaction was
 * rolled back with its connection, so running it again imports the file once. A live run holds
 * the lock; a job still waiting for its turn keeps its place (the same job key), so queueing one
 * that was only between two tries changes nothing.
 */
@JobProcessor(contactImportResumeJob)
export class ContactImportResumeRunner implements JobHandler<typeof contactImportResumeJob> {
  constructor(
    private readonly imports: ContactImportsRepository,
    private readonly jobs: JobQueue,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async handle(_payload: unknown, context: JobContext): Promise<void> {
    const resumed = await this.resume(new Date(Date.now() - QUIET_MS));
    if (resumed.length > 0)
      context.logger.warn({ imports: resumed }, 'contact imports queued again: no run held their lock');
  }

  /** Queues again the imports importing since before `quietSince` whose lock is free; answers their ids. */
  async resume(quietSince: Date): Promise<string[]> {
    const resumed: string[] = [];
    for (const row of await this.imports.importingSince(quietSince)) {
      const lock = await trySessionLock(this.dataSource, contactImportLockKey(row.organisation_id));
      if (!lock) continue; // one of the organisation's imports runs; this one waits its turn
      await lock.release();
      await this.jobs.enqueue(
        undefined,
        contactImportJob,
        { organisationId: row.organisation_id, importId: row.id },
        { jobKey: contactImportJobKey(row.id), jobKeyMode: 'preserve_run_at' },
      );
      resumed.push(row.id);
    }
    return resumed;
  }
}
