import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { pageInfoSchema, pageRequestSchema } from '../http/pagination';

/** Spec 3 "Sync history event types". */
export const activityTypeSchema = z.enum(['sync_created', 'sync_edited', 'sync_paused', 'sync_resumed']);
export type ActivityType = z.infer<typeof activityTypeSchema>;

/** Spec 2: the detail page's empty text. */
export const NO_ACTIVITIES_TEXT = 'No Activities Yet!';

/**
 * Spec 3 "Activity log". `account_id` is who acted (null when the sync paused itself on an error,
 * then `additional_info.error` holds the error text).
 */
export const activityLogSchema = z.object({
  id: z.string(),
  activity_time: z.string(),
  activity_type: activityTypeSchema,
  account_id: z.string().nullable(),
  additional_info: z.object({
    tables_added: z.array(z.string()).default([]),
    tables_edited: z.array(z.string()).default([]),
    error: z.string().nullable().optional(),
  }),
});
export type ActivityLog = z.infer<typeof activityLogSchema>;

/** A connection's activities, newest first. */
export const activityLogListContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: '/activity-log/list',
  access: 'bearer',
  request: pageRequestSchema.extend({
    connection_id: z.string({ error: 'Connection not found' }).trim().min(1).max(64),
  }),
  response: pageInfoSchema.extend({ records: z.array(activityLogSchema) }),
});
