import { z } from 'zod';
import { filterDateTime, windowInOrder, windowIssue } from '../http/time-window';
import { defineEndpoint, emptyRequest } from '../http/endpoint';
import { pageNumberSchema, pageSizeSchema } from '../http/pagination';
import { connectionMessages } from './connection-fields';

/**
 * Salesforce sync health and the contact page's Salesforce sync panel (spec 2 "Salesforce" errors,
 * spec 3 error / affected record / record on a contact, spec 7 calls, spec 8 error classes,
 * spec 9 page sizes and windows).
 */

const path = (p: string) => `/salesforce${p}`;

/** Spec 9: the Salesforce error list shows 10 per page, the affected-records modal 5. */
export const SALESFORCE_ERROR_PAGE_SIZE = 10;
export const SALESFORCE_AFFECTED_RECORDS_PAGE_SIZE = 5;
/** Spec 9: error windows default to the last 7 days. */
export const SALESFORCE_ERROR_WINDOW_DAYS = 7;
/** crmResyncRequested carries at most this many emails; larger resyncs publish several. */
export const SALESFORCE_RESYNC_CHUNK = 1000;

/**
 * Spec 8: the error classes, word for word. Failed records are grouped by class, never a class per
 * message; the sync engine writes `name`, the screens show `display` and `description`.
 */
export const salesforceErrorClasses = [
  { name: 'others', display: 'Others', description: "records aren't syncing because of an unknown error" },
  {
    name: 'field_permission',
    display: 'Salesforce field permission',
    description:
      "couldn't sync because the integration user doesn't have the required Salesforce field permissions",
  },
] as const;
export const salesforceErrorClassNames = ['others', 'field_permission'] as const;
export type SalesforceErrorClass = (typeof salesforceErrorClassNames)[number];

/** Salesforce error codes that mean the integration user lacks a field permission (with a field). */
export const SALESFORCE_FIELD_PERMISSION_CODES: readonly string[] = [
  'INVALID_FIELD_FOR_INSERT_UPDATE',
  'INVALID_FIELD',
  'INSUFFICIENT_ACCESS_OR_READONLY',
  'INSUFFICIENT_ACCESS_ON_CROSS_REFERENCE_ENTITY',
];

/** The one rule mapping a Salesforce error (its statusCode and fields) to a class. */
export function salesforceErrorClassOf(
  code: string,
  fields?: readonly string[] | null,
): SalesforceErrorClass {
  return SALESFORCE_FIELD_PERMISSION_CODES.includes(code) && (fields?.length ?? 0) > 0
    ? 'field_permission'
    : 'others';
}

export function salesforceErrorClassDisplay(name: string): string {
  return salesforceErrorClasses.find((c) => c.name === name)?.display ?? name;
}

/** Texts of these calls' errors (ours where the spec has none). */
export const salesforceHealthMessages = {
  adminsOnly: connectionMessages.adminsOnly,
  connectionNotFound: connectionMessages.notFound,
  recordNotFound: 'Salesforce record not found for this contact',
  emailRequired: 'Email is required',
  recordRequired: 'Salesforce record is required',
  errorClassInvalid: 'Unknown error class',
  errorNamesRequired: 'Select at least one error class',
  invalidDate: 'Invalid date',
  rangeInvalid: 'End time must be after the start time',
  // Success toasts (spec 8): shown by the web.
  archived: 'Errors successfully archived',
  resynced: 'Contacts successfully resynced',
  personResynced: 'Record succesfully scheduled to sync',
  remapped: 'Remapped successfuly!',
} as const;

/** Any id that is not the organisation's Salesforce connection is a 404, malformed ones included. */
const connectionId = z
  .string({ error: connectionMessages.notFound })
  .trim()
  .min(1, { error: connectionMessages.notFound })
  .max(64, { error: connectionMessages.notFound });

/** ISO date-time; without an offset (the web appends T00:00 to dates) it is read as UTC. */
const dateTime = filterDateTime(salesforceHealthMessages.invalidDate);

const windowShape = { start_time: dateTime.nullish(), end_time: dateTime.nullish() };
const rangeIssue = windowIssue(salesforceHealthMessages.rangeInvalid);

const errorClassName = z.enum(salesforceErrorClassNames, {
  error: salesforceHealthMessages.errorClassInvalid,
});
const page = (size: number) => ({
  page_size: pageSizeSchema(1000).default(size),
  page_number: pageNumberSchema.default(1),
});
const email = z
  .string({ error: salesforceHealthMessages.emailRequired })
  .trim()
  .min(1, { error: salesforceHealthMessages.emailRequired })
  .max(254);

export const salesforceErrorTypeSchema = z.object({
  name: z.string(),
  display: z.string(),
  description: z.string(),
});

export const salesforceErrorsTypesContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/errors.types'),
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ error_types: z.array(salesforceErrorTypeSchema) }),
});

/** Spec 3 "Error": one row per class with its open errors in the window. */
export const salesforceErrorSummarySchema = z.object({
  error_class: z.string(),
  display: z.string(),
  /** Affected records: open errors of the class whose last occurrence is in the window. */
  count: z.number().int(),
  first_occurred: z.string(),
  last_occurred: z.string(),
});
export type SalesforceErrorSummary = z.infer<typeof salesforceErrorSummarySchema>;

/**
 * Open errors (neither archived nor resolved) whose last occurrence is in [start_time, end_time]
 * (default: the last 7 days up to now), grouped by class, most recent first. `error_type` 'all'
 * (the default) lists every class.
 */
export const salesforceErrorsListContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/errors.list'),
  access: 'bearer',
  request: z
    .object({
      connection_id: connectionId,
      error_type: z
        .union([z.literal('all'), errorClassName], { error: salesforceHealthMessages.errorClassInvalid })
        .default('all'),
      ...windowShape,
      ...page(SALESFORCE_ERROR_PAGE_SIZE),
    })
    .refine(windowInOrder, rangeIssue),
  response: z.object({
    errors: z.array(salesforceErrorSummarySchema),
    total: z.number().int(),
    page_count: z.number().int(),
  }),
});

/** Spec 3 "affected record"; `meridian_id` is the person's id in the product when known. */
export const salesforceAffectedRecordSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  error_text: z.string(),
  meridian_id: z.string().nullable(),
  salesforce_id: z.string().nullable(),
  /** When the error was first recorded for the record. */
  _created_time: z.string(),
  last_occurred: z.string(),
  object: z.string(),
  direction: z.enum(['read', 'write']),
  email: z.string().nullable(),
});
export type SalesforceAffectedRecord = z.infer<typeof salesforceAffectedRecordSchema>;

/**
 * The affected-records modal: open errors of one class, most recent first. `keyword` searches name,
 * email and error text; `object_email` keeps one person's. The window applies when given.
 */
export const salesforceErrorClassQueryContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/error-class.query'),
  access: 'bearer',
  request: z
    .object({
      connection_id: connectionId,
      error_class: errorClassName,
      object_email: z.string().trim().max(254).nullish(),
      keyword: z.string().trim().max(255).nullish(),
      ...windowShape,
      ...page(SALESFORCE_AFFECTED_RECORDS_PAGE_SIZE),
    })
    .refine(windowInOrder, rangeIssue),
  response: z.object({
    records: z.array(salesforceAffectedRecordSchema),
    total: z.number().int(),
    page_count: z.number().int(),
  }),
});

/** The classes chosen on the Sync health tab, over the tab's window (default the last 7 days). */
const bulkRequest = z
  .object({
    connection_id: connectionId,
    error_names: z.array(errorClassName).min(1, { error: salesforceHealthMessages.errorNamesRequired }),
    ...windowShape,
  })
  .refine(windowInOrder, rangeIssue);
export type SalesforceErrorsBulkRequest = z.output<typeof bulkRequest>;

/** Admin-only: hides the open errors of the classes in the window. */
export const salesforceErrorArchiveContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/error.archive'),
  access: 'bearer',
  request: bulkRequest,
  response: z.object({ archived: z.number().int() }),
});

/**
 * Admin-only: syncs the affected records again and marks their errors resolved. Write errors ask
 * the campaign service to export those persons again (crmResyncRequested); read errors make the next
 * run pull those records again (the object's cursor moves back before the earliest of them).
 */
export const salesforceErrorsResyncContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/errors.resync'),
  access: 'bearer',
  request: bulkRequest,
  response: z.object({ resynced: z.number().int() }),
});

/** Admin-only: the contact page's Resync: the person is pushed again and their open errors retried. */
export const salesforcePersonResyncContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/person.resync'),
  access: 'bearer',
  request: z.object({ email }),
  response: z.object({ resynced: z.number().int() }),
});

/** Spec 3 "Salesforce record on a contact". */
export const salesforcePersonRecordSchema = z.object({
  /** The Salesforce record id. */
  id: z.string(),
  name: z.string().nullable(),
  crm_object: z.string(),
  connection_id: z.string(),
  _is_selected: z.boolean(),
  _modified_time: z.string(),
});
export type SalesforcePersonRecord = z.infer<typeof salesforcePersonRecordSchema>;

export const salesforcePersonRecordsSchema = z.object({
  records: z.array(salesforcePersonRecordSchema),
  /** The latest pull or push of any of the records; null when never synced. */
  last_updated: z.string().nullable(),
});
export type SalesforcePersonRecords = z.infer<typeof salesforcePersonRecordsSchema>;

/** The person's Salesforce records (selected first). No connection: an empty list. */
export const salesforcePersonRecordsContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/person.records'),
  access: 'bearer',
  request: z.object({ email }),
  response: salesforcePersonRecordsSchema,
});

/** Admin-only: the record becomes the person's selected one; answers the records as person.records. */
export const salesforcePersonRemapContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/person.remap'),
  access: 'bearer',
  request: z.object({
    email,
    sf_id: z
      .string({ error: salesforceHealthMessages.recordRequired })
      .trim()
      .min(1, { error: salesforceHealthMessages.recordRequired })
      .max(64, { error: salesforceHealthMessages.recordNotFound }),
  }),
  response: salesforcePersonRecordsSchema,
});

/** The person's latest open sync error ('Sync error' versus 'Up-to-date'). */
export const salesforceErrorsLatestContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/errors.latest'),
  access: 'bearer',
  request: z.object({ email }),
  response: z.object({
    error: z.object({ last_occurred: z.string(), error_text: z.string() }).nullable(),
  }),
});
