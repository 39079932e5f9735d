import { z } from 'zod';
import { defineJob } from '@meridian/server-kit';

/**
 * Imports one matched contacts file. One attempt: the import is one transaction,
 * so a failure leaves nothing behind and is reported rather than retried blindly.
 */
export const contactImportJob = defineJob(
  'contacts.import',
  z.object({ organisationId: z.uuid(), importId: z.uuid() }),
  { maxAttempts: 1 },
);

/** Drops what cancelled, finished and abandoned imports left behind: staging tables, files, import rows. */
export const contactImportCleanupJob = defineJob('contacts.import-cleanup', z.object({}), { maxAttempts: 1 });

/** One queued run per import: enqueued again while it waits, it keeps its place. */
export const contactImportJobKey = (importId: string) => `contacts-import:${importId}`;

/** The session lock a running import holds; free while its status says importing means its run died. */
export const contactImportLockKey = (importId: string) => `contacts-import:${importId}`;

/**
 * Every minute: an import still importing whose run holds no lock (its worker was killed, or the
 * process lost its connection, leaving the job locked for hours) is queued again.
 */
export const contactImportResumeJob = defineJob('contacts.import-resume', z.object({}), { maxAttempts: 1 });
