import { z } from 'zod';
import { filterDateTime, windowInOrder, windowIssue } from '../http/time-window';
import { defineEndpoint } from '../http/endpoint';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, pageNumberSchema, pageSizeSchema } from '../http/pagination';

/**
 * The Salesforce sync engine's screens (spec 2 "Salesforce" Sync history, spec 3 "Salesforce sync
 * run" and "History summary", spec 7 sync/runs.list and history.details, spec 9 windows).
 */

/** The objects a run counts (accounts and opportunities are flags only: always zero for now). */
export const salesforceSyncObjects = ['lead', 'contact', 'account', 'opportunity'] as const;
export type SalesforceSyncObject = (typeof salesforceSyncObjects)[number];

/** Run states as stored; the UI shows finished, cancelled, processing, scheduled and anything else as 'error'. */
export const salesforceRunStates = ['scheduled', 'processing', 'finished', 'cancelled', 'error'] as const;
export type SalesforceRunState = (typeof salesforceRunStates)[number];
/** Spec 4: the states the history shows by name; any other is shown as 'error'. */
export const salesforceShownRunStates = ['finished', 'cancelled', 'processing', 'scheduled'] as const;
export const shownSalesforceRunState = (state: string): string =>
  (salesforceShownRunStates as readonly string[]).includes(state) ? state : 'error';

/** Spec 9: sync history defaults to the last 7 days. */
export const SALESFORCE_HISTORY_WINDOW_DAYS = 7;

export const salesforceSyncMessages = {
  connectionNotFound: 'Connection not found',
  rangeInvalid: 'End time must be after the start time',
  invalidDate: 'Invalid date',
} as const;

export const salesforceObjectCountSchema = z.object({
  updated: z.number().int(),
  inserted: z.number().int(),
  failed: z.number().int(),
});
export type SalesforceObjectCount = z.infer<typeof salesforceObjectCountSchema>;

/** Per object counts of one direction (read: Salesforce to Meridian; write: Meridian to Salesforce). */
export const salesforceSyncCountSchema = z.object({
  lead: salesforceObjectCountSchema,
  contact: salesforceObjectCountSchema,
  account: salesforceObjectCountSchema,
  opportunity: salesforceObjectCountSchema,
});
export type SalesforceSyncCount = z.infer<typeof salesforceSyncCountSchema>;

/** A zero count per object: what an answer carries for an object the run did not touch. */
export const emptySalesforceSyncCount = (): SalesforceSyncCount => ({
  lead: { updated: 0, inserted: 0, failed: 0 },
  contact: { updated: 0, inserted: 0, failed: 0 },
  account: { updated: 0, inserted: 0, failed: 0 },
  opportunity: { updated: 0, inserted: 0, failed: 0 },
});

/** Spec 3 "Salesforce sync run". */
export const salesforceSyncRunSchema = z.object({
  id: z.string(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  /** As stored (salesforceRunStates); show it with `shownSalesforceRunState`. */
  state: z.string(),
  /** Pulled from Salesforce into persons. */
  sync_read_count: salesforceSyncCountSchema,
  /** Pushed from persons to Salesforce. */
  sync_write_count: salesforceSyncCountSchema,
  /** Records the run read or wrote (both directions, every object). */
  total_records: z.number().int(),
  /** Salesforce API calls the run made (all from the API budget). */
  api_calls: z.number().int(),
  /** Calls the run wanted but the budget refused: that work waits for a later run. */
  deferred_count: z.number().int(),
  /** Why the run ended in error (null otherwise). */
  error: z.string().nullable(),
});
export type SalesforceSyncRun = z.infer<typeof salesforceSyncRunSchema>;

const connectionId = z.string({ error: salesforceSyncMessages.connectionNotFound }).trim().min(1).max(64);
const dateTime = filterDateTime(salesforceSyncMessages.invalidDate);

/**
 * Runs started within [start_time, end_time] (default: the last 7 days up to now), newest first.
 * Empty runs (nothing read, written or deferred) are left out unless should_include_empty_runs.
 */
export const salesforceSyncRunsListContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: '/salesforce/sync/runs.list',
  access: 'bearer',
  request: z
    .object({
      connection_id: connectionId,
      should_include_empty_runs: z.boolean().default(false),
      start_time: dateTime.nullish(),
      end_time: dateTime.nullish(),
      page_size: pageSizeSchema().default(DEFAULT_PAGE_SIZE),
      page_number: pageNumberSchema.default(FIRST_PAGE),
    })
    .refine(windowInOrder, windowIssue(salesforceSyncMessages.rangeInvalid)),
  response: z.object({
    runs: z.array(salesforceSyncRunSchema),
    total: z.number().int(),
    page_count: z.number().int(),
    page_number: z.number().int(),
    page_size: z.number().int(),
  }),
});
export type SalesforceSyncRunsListRequest = z.input<typeof salesforceSyncRunsListContract.request>;

/** Spec 3 "History summary" plus the details card (spec 2: next sync time or 'not scheduled', last completed). */
export const salesforceHistoryDetailsSchema = z.object({
  /** When the next run is due; null when the sync is not enabled or paused ('not scheduled'). */
  next_sync_time: z.string().nullable(),
  /** The end of the last finished run; null when none finished yet. */
  last_completed: z.string().nullable(),
  /** Records first pulled in the last 24 hours, per object. */
  total_new_account_count: z.number().int(),
  total_new_contact_count: z.number().int(),
  total_new_lead_count: z.number().int(),
  total_new_opportunity_count: z.number().int(),
  /** Every record the connection knows (not deleted), per object. */
  total_account_count: z.number().int(),
  total_contact_count: z.number().int(),
  total_lead_count: z.number().int(),
  total_opportunity_count: z.number().int(),
});
export type SalesforceHistoryDetails = z.infer<typeof salesforceHistoryDetailsSchema>;

export const salesforceHistoryDetailsContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: '/salesforce/sync/history.details',
  access: 'bearer',
  request: z.object({ connection_id: connectionId }),
  response: salesforceHistoryDetailsSchema,
});
