import { z } from 'zod';
import { filterDateTime, windowInOrder, windowIssue } from '../http/time-window';
import { defineEndpoint } from '../http/endpoint';
import { pageOf, pageRequestSchema, wholeNumberSchema } from '../http/pagination';

/**
 * Segment integration (spec 2 "Segment integration", 3 "Event/error report counts", 7 segment
 * calls, 9 Segment limits). Two faces:
 * - the public HTTP Tracking API (`/v1/track` ... `/v1/batch`), reached through the gateway
 *   without a bearer token and authenticated by the organisation's write key (its Segment API
 *   key, issued by the auth service's api-key/create with key_type 'segment');
 * - the screens' calls under the integrations base: errors.list, errors.report, events.report.
 */

/** The auth service's key_type of the organisation's Segment write key. */
export const SEGMENT_KEY_TYPE = 'segment';

/** Segment's limits: 32 KB per call (and per event inside a batch), 500 KB per batch. */
export const SEGMENT_MAX_CALL_BYTES = 32 * 1024;
export const SEGMENT_MAX_BATCH_BYTES = 500 * 1024;
/** Spec 9: the Segment error summary lists 10 per page. */
export const SEGMENT_ERROR_PAGE_SIZE = 10;
/** Spec 9: error windows default to the last 7 days. */
export const SEGMENT_ERROR_WINDOW_DAYS = 7;

/** The Tracking API's paths (no service prefix: Segment clients post `${host}/v1/<call>`). */
export const segmentCallTypes = ['track', 'identify', 'page', 'screen', 'group', 'alias'] as const;
export type SegmentCallType = (typeof segmentCallTypes)[number];
export const segmentTrackingPaths = [...segmentCallTypes.map((t) => `/v1/${t}`), '/v1/batch'] as const;

/** Texts of the ingest's answers and of recorded errors (ours; the spec has none). */
export const segmentMessages = {
  invalidWriteKey: 'Invalid write key',
  missingWriteKey: 'Write key is required',
  invalidJson: 'Request body is not valid JSON',
  callTooLarge: 'Event exceeds the maximum size of 32 KB',
  batchTooLarge: 'Batch exceeds the maximum size of 500 KB',
  batchNotArray: 'batch must be an array of calls',
  unknownType: 'Unknown call type',
  missingIdentity: 'userId or anonymousId is required',
  missingEventName: 'Track event is missing name',
  missingGroupId: 'Group call is missing groupId',
  missingPreviousId: 'Alias call is missing previousId or userId',
  invalidTimestamp: 'Timestamp is not a valid ISO 8601 date',
  eventInFuture: 'Timestamp is more than a day in the future, even after clock-skew correction',
  missingEmail: 'Identify call has no traits.email: no contact to upsert',
  invalidEmail: 'Identify call has a traits.email that is not an email address: no contact to upsert',
  invalidCall: 'Call does not match the Tracking API',
  invalidText: 'Call contains text that cannot be stored (a NUL character or half of a surrogate pair)',
  rangeInvalid: 'End time must be after the start time',
  timeRangeInvalid: 'Time range must be 24 for hours, or 30, 60 or 90 for days',
} as const;

/**
 * Error kinds recorded for calls that were refused (never dropped silently). `exception` of a
 * segment error record is one of these.
 */
export const segmentErrorKinds = [
  'InvalidJson',
  'PayloadTooLarge',
  'UnknownCallType',
  'MissingIdentity',
  'MissingEventName',
  'MissingGroupId',
  'MissingPreviousId',
  'InvalidTimestamp',
  'EventInFuture',
  'MissingEmail',
  'InvalidCall',
  'InvalidText',
] as const;
export type SegmentErrorKind = (typeof segmentErrorKinds)[number];

// ---------------------------------------------------------------------------------------------
// Tracking API payloads, as Segment documents them (spec of the Segment "HTTP Tracking API").
// Unknown fields are allowed (senders add their own); the ingest keeps the raw call as sent.

/** Segment ids may be strings or numbers; we store them as strings. */
const segmentId = z.union([z.string(), z.number()]).transform((v) => String(v));
const isoLike = z.union([z.string(), z.number()]);
const jsonObject = z.record(z.string(), z.unknown());

export const segmentCommonFieldsSchema = z.object({
  messageId: z.string().max(200).optional(),
  userId: segmentId.nullish(),
  anonymousId: segmentId.nullish(),
  /** When the event happened (the sender's clock). */
  timestamp: isoLike.nullish(),
  /** When the sender sent the request (the sender's clock): with our receive time it corrects skew. */
  sentAt: isoLike.nullish(),
  originalTimestamp: isoLike.nullish(),
  context: jsonObject.nullish(),
  integrations: jsonObject.nullish(),
  version: z.union([z.string(), z.number()]).nullish(),
});

export const segmentIdentifySchema = segmentCommonFieldsSchema.extend({
  type: z.literal('identify'),
  traits: jsonObject.nullish(),
});
export const segmentTrackSchema = segmentCommonFieldsSchema.extend({
  type: z.literal('track'),
  event: z
    .string({ error: segmentMessages.missingEventName })
    .trim()
    .min(1, { error: segmentMessages.missingEventName }),
  properties: jsonObject.nullish(),
});
export const segmentPageSchema = segmentCommonFieldsSchema.extend({
  type: z.literal('page'),
  name: z.string().nullish(),
  category: z.string().nullish(),
  properties: jsonObject.nullish(),
});
export const segmentScreenSchema = segmentCommonFieldsSchema.extend({
  type: z.literal('screen'),
  name: z.string().nullish(),
  category: z.string().nullish(),
  properties: jsonObject.nullish(),
});
export const segmentGroupSchema = segmentCommonFieldsSchema.extend({
  type: z.literal('group'),
  groupId: segmentId.refine((v) => v.length > 0, { error: segmentMessages.missingGroupId }),
  traits: jsonObject.nullish(),
});
export const segmentAliasSchema = segmentCommonFieldsSchema.extend({
  type: z.literal('alias'),
  previousId: segmentId.refine((v) => v.length > 0, { error: segmentMessages.missingPreviousId }),
});

/** One call; `type` picks the shape (on /v1/<call> the path sets it when the body omits it). */
export const segmentCallSchema = z.discriminatedUnion('type', [
  segmentIdentifySchema,
  segmentTrackSchema,
  segmentPageSchema,
  segmentScreenSchema,
  segmentGroupSchema,
  segmentAliasSchema,
]);
export type SegmentCall = z.output<typeof segmentCallSchema>;
export type SegmentCallInput = z.input<typeof segmentCallSchema>;

/**
 * /v1/batch: calls with their own `type`; `context`, `integrations` and `sentAt` at the top apply
 * to every call that lacks them. `writeKey` in the body is accepted as well as Basic auth
 * (analytics-node sends both). Calls are validated one by one: a bad call is recorded as an
 * error, the others are kept.
 */
export const segmentBatchSchema = z.object({
  batch: z.array(jsonObject, { error: segmentMessages.batchNotArray }),
  context: jsonObject.nullish(),
  integrations: jsonObject.nullish(),
  sentAt: isoLike.nullish(),
  writeKey: z.string().optional(),
});
export type SegmentBatch = z.output<typeof segmentBatchSchema>;

/** Every accepted Tracking API request answers 200 with this body, as Segment does. */
export const segmentAcceptedSchema = z.object({ success: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Screens' calls.

/** A refused call, as errors.list shows it (same words as a sync error: exception, description). */
export const segmentErrorSchema = z.object({
  id: z.string(),
  exception: z.enum(segmentErrorKinds),
  description: z.string(),
  /** The call's type when it was known ('track', ...), else null. */
  event_type: z.string().nullable(),
  message_id: z.string().nullable(),
  /** The start of the refused call's JSON (at most 2,000 characters), to see what was wrong. */
  payload_excerpt: z.string(),
  time_created: z.string(),
});
export type SegmentError = z.infer<typeof segmentErrorSchema>;

const dateTime = filterDateTime('Invalid date');

/**
 * /segment/errors.list: newest first. The window defaults to the last 7 days up to now.
 */
export const segmentErrorsListContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: '/segment/errors.list',
  access: 'bearer',
  request: pageRequestSchema
    .extend({
      page_size: pageRequestSchema.shape.page_size.default(SEGMENT_ERROR_PAGE_SIZE),
      start_time: dateTime.nullish(),
      end_time: dateTime.nullish(),
    })
    .refine(windowInOrder, windowIssue(segmentMessages.rangeInvalid)),
  response: pageOf(segmentErrorSchema),
});

/** Spec 9: 24 hours (hourly) or 30, 60, 90 days (daily). */
export const segmentTimeUnits = ['hour', 'day'] as const;
export type SegmentTimeUnit = (typeof segmentTimeUnits)[number];
export const segmentTimeRanges: Record<SegmentTimeUnit, readonly number[]> = {
  hour: [24],
  day: [30, 60, 90],
};

export const segmentReportRequestSchema = z
  .object({
    time_unit: z.enum(segmentTimeUnits, { error: segmentMessages.timeRangeInvalid }),
    time_range: wholeNumberSchema(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    /**
     * The caller's offset from UTC in minutes, east positive (UTC+02:00 is 120; in a browser
     * `-new Date().getTimezoneOffset()`). Buckets are the caller's local hours and days.
     */
    tz_offset: wholeNumberSchema(-840, 840).default(0),
  })
  .refine((r) => segmentTimeRanges[r.time_unit].includes(r.time_range), {
    error: segmentMessages.timeRangeInvalid,
    path: ['time_range'],
  });
export type SegmentReportRequest = z.output<typeof segmentReportRequestSchema>;

/**
 * Spec 3 "Event/error report counts": date, hour, count. One row per bucket of the range, oldest
 * first, zero-filled: hour units give 24 rows ending with the current local hour; day units give
 * `time_range` rows ending today. `date` is the local day (YYYY-MM-DD); `hour` is 0-23 for hour
 * units and null for day units.
 */
export const segmentReportRowSchema = z.object({
  date: z.string(),
  hour: z.number().int().nullable(),
  count: z.number().int(),
});
export type SegmentReportRow = z.infer<typeof segmentReportRowSchema>;

export const segmentReportResponseSchema = z.object({
  rows: z.array(segmentReportRowSchema),
  total_count: z.number().int(),
});

/** Refused calls per bucket. */
export const segmentErrorsReportContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: '/segment/errors.report',
  access: 'bearer',
  request: segmentReportRequestSchema,
  response: segmentReportResponseSchema,
});

/** Accepted calls per bucket (by the time we received them). */
export const segmentEventsReportContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: '/segment/events.report',
  access: 'bearer',
  request: segmentReportRequestSchema,
  response: segmentReportResponseSchema,
});
