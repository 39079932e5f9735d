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

/**
 * The session lock a running import holds, one per organisation: an organisation's imports run one
 * at a time (the others wait, without a job slot), and while an import says importing, a free lock
 * means its run died.
 */
export const contactImportLockKey = (organisationId: string) => `contacts-import-org:${organisationId}`;

/** How long an import waits before it asks again for its organisation's turn. */
export const CONTACT_IMPORT_RETRY_MS = 3_000;

/**
 * Every minute: an import still importing while its organisation's import lock is free (its worker
 * was killed, or lost its connection, leaving the job locked for hours) is queued again.
 */
export const contactImportResumeJob = defineJob('contacts.import-resume', z.object({}), { maxAttempts: 1 });
