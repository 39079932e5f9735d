import { defineJob } from '@meridian/server-kit';
import { z } from 'zod';

/** Every minute: puts an export job on the queue for each enabled CRM push feed. */
export const crmFeedTickJob = defineJob('contacts.crm-feed-tick', z.object({}), { maxAttempts: 3 });

/** Exports one feed's changed persons, a page at a time; keyed by connection, so one waits per feed. */
export const crmFeedExportJob = defineJob(
  'contacts.crm-feed-export',
  z.object({ connectionId: z.string() }),
  {
    maxAttempts: 10,
  },
);

export const crmFeedExportKey = (connectionId: string) => `crm-feed:${connectionId}`;
