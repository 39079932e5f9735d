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
