import { z } from 'zod';
import { asUtc, filterDateTime } from '../http/time-window';
import { defineEndpoint } from '../http/endpoint';
import { cappedTotalShape, MAX_PAGE_SIZE, pageNumberSchema, pageOf } from '../http/pagination';
import { campaignRunStates } from '../events/email-events';
import { campaignMessages } from './campaigns.contract';

/**
 * Campaign reports (spec 7 "Reports (v2)"), answered by the reports service from email events.
 * Every call takes the report filter (spec 3): the campaign, an optional template, an optional
 * period (start_date/end_date, ISO date-times; the 'Sent in' presets are turned into dates by
 * the screen) and paging. Counts never include another organisation's messages.
 *
 * Exported from the contracts index for the Reports tab; the HTTP probe expects the reports
 * service to answer them.
 */

export const reportMessages = {
  noRuns: 'No run  history',
  noLinks: 'No links',
  noRecipients: 'No data found',
  invalidRange: 'End date must be after the start date',
  campaignNotFound: campaignMessages.notFound,
} as const;

/** Spec 9 report presets, in the order the 'Sent in' menu lists them; default all_time. */
export const reportPresets = [
  'last_day',
  'last_week',
  'this_month',
  'last_month',
  'this_quarter',
  'last_6_months',
  'this_year',
  'last_year',
  'all_time',
] as const;
export type ReportPreset = (typeof reportPresets)[number];

export const reportPresetLabels: Record<ReportPreset, string> = {
  last_day: 'Last day',
  last_week: 'Last week',
  this_month: 'This month so far',
  last_month: 'Last month',
  this_quarter: 'This quarter so far',
  last_6_months: 'Last 6 months',
  this_year: 'This year so far',
  last_year: 'Last year',
  all_time: 'All time',
};

// With an offset, or without one (then UTC, as `asUtc` reads it): '2026-11-01T00:00' too.
const dateTime = filterDateTime('Invalid date');

const filterFields = z.object({
  campaign_id: z.uuid({ error: 'Invalid campaign id' }),
  template_id: z.uuid({ error: 'Invalid template id' }).nullish(),
  start_date: dateTime.nullish(),
  end_date: dateTime.nullish(),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  page_number: pageNumberSchema.default(1),
});

const rangeInOrder = (f: { start_date?: string | null; end_date?: string | null }) =>
  !f.start_date || !f.end_date || Date.parse(asUtc(f.end_date)) > Date.parse(asUtc(f.start_date));

export const reportFilterSchema = filterFields.refine(rangeInOrder, {
  error: reportMessages.invalidRange,
  path: ['end_date'],
});
export type ReportFilter = z.output<typeof reportFilterSchema>;

const runsFilterSchema = filterFields
  .extend({ show_non_empty_runs: z.boolean().default(false) })
  .refine(rangeInOrder, { error: reportMessages.invalidRange, path: ['end_date'] });

/** Spec 3 Report stats, plus scanner engagement kept apart from people's. */
export const reportStatsSchema = z.object({
  total_count: z.number().int(),
  processed_count: z.number().int(),
  delivered_count: z.number().int(),
  bounce_count: z.number().int(),
  dropped_count: z.number().int(),
  spamreport_count: z.number().int(),
  not_sent_count: z.number().int(),
  unsub_count: z.number().int(),
  unique_open_count: z.number().int(),
  total_open_count: z.number().int(),
  unique_click_count_by_email: z.number().int(),
  total_click_count: z.number().int(),
  unique_click_count_by_url: z.number().int(),
  /** Opens and clicks by security scanners and link checkers: not in the counts above. */
  non_human_open_count: z.number().int(),
  non_human_click_count: z.number().int(),
});
export type ReportStats = z.infer<typeof reportStatsSchema>;

/** Spec 3 Run rows. */
export const reportRunSchema = z.object({
  run_id: z.string(),
  run_time: z.string(),
  total_count: z.number().int(),
  delivered_count: z.number().int(),
  unique_open_count: z.number().int(),
  unique_click_count_by_email: z.number().int(),
  bounce_count: z.number().int(),
  unsub_count: z.number().int(),
  run_state: z.enum(campaignRunStates),
});

export const reportLinkSchema = z.object({
  link: z.string(),
  total_click_count: z.number().int(),
  unique_click_count: z.number().int(),
});

/** Spec 3 Email client rows. */
export const reportEmailClientSchema = z.object({
  email_client: z.string(),
  unique_open_count: z.number().int(),
  total_open_count: z.number().int(),
  unique_click_count_by_url: z.number().int(),
  /**
   * Only on the 'Others' row (clients under 3% of the tab's total, summed): the clients it
   * holds, largest first, at most 10 names and then 'and misc.'.
   */
  grouped_clients: z.array(z.string()).optional(),
});

/** A recipient row of the Recipients tabs (spec 3 person activity records). */
export const reportRecipientSchema = z.object({
  person_id: z.string(),
  email: z.string(),
  /** The product org (the 'User' column, org context only). */
  org_id: z.string().nullable(),
  message_id: z.string(),
  sent_date: z.string().nullable(),
  /** When the tab's event happened (open, click, bounce, unsubscribe, spam, not sent). */
  event_time: z.string().nullable(),
  unique_open_count: z.number().int(),
  total_open_count: z.number().int(),
  unique_click_count_by_url: z.number().int(),
  total_click_count: z.number().int(),
  urls: z.array(z.string()),
  reason: z.string().nullable(),
  error_text: z.string().nullable(),
  unsub_time: z.string().nullable(),
});

const reportsPath = (name: string) => `/campaigns/reports/${name}`;
const reportCall = <Req extends z.ZodType, Res extends z.ZodType>(
  name: string,
  request: Req,
  response: Res,
) =>
  defineEndpoint({
    service: 'reports',
    method: 'POST',
    path: reportsPath(name),
    access: 'bearer',
    request,
    response,
  });

export const reportStatsAggregateContract = reportCall(
  'stats.aggregate',
  reportFilterSchema,
  z.object({ stats: reportStatsSchema }),
);
/** Past Campaign Runs; also the history check that decides whether the Reports tab shows. */
export const reportStatsListContract = reportCall('stats.list', runsFilterSchema, pageOf(reportRunSchema));
export const reportTopLinkContract = reportCall(
  'stats.top_link',
  reportFilterSchema,
  pageOf(reportLinkSchema),
);
export const reportTopEmailClientOpenContract = reportCall(
  'stats.top_email_client.open',
  reportFilterSchema,
  pageOf(reportEmailClientSchema),
);
export const reportTopEmailClientClickContract = reportCall(
  'stats.top_email_client.click',
  reportFilterSchema,
  pageOf(reportEmailClientSchema),
);

/** The Recipients tabs, by the spec's call names. */
export const recipientReportKinds = [
  'recipient_engagement',
  'recipient_not_sent',
  'recipient_open',
  'recipient_click',
  'recipient_bounce',
  'recipient_unsub',
  'recipient_spamreport',
] as const;
export type RecipientReportKind = (typeof recipientReportKinds)[number];

/** Big tabs are counted up to a bound: `total_capped` then says `total_count` is a lower bound. */
const recipientCall = (kind: RecipientReportKind) =>
  reportCall(`stats.${kind}`, reportFilterSchema, pageOf(reportRecipientSchema).extend(cappedTotalShape));

export const reportRecipientContracts = {
  recipient_engagement: recipientCall('recipient_engagement'),
  recipient_not_sent: recipientCall('recipient_not_sent'),
  recipient_open: recipientCall('recipient_open'),
  recipient_click: recipientCall('recipient_click'),
  recipient_bounce: recipientCall('recipient_bounce'),
  recipient_unsub: recipientCall('recipient_unsub'),
  recipient_spamreport: recipientCall('recipient_spamreport'),
} as const;

/** Templates a campaign has sent (the template filter). */
export const reportTemplatesListContract = reportCall(
  'templates.list',
  z.object({ campaign_id: z.uuid({ error: 'Invalid campaign id' }) }),
  z.object({ templates: z.array(z.object({ template_id: z.string(), name: z.string() })) }),
);

/** Campaigns with report data, newest first. */
export const reportCampaignsListContract = reportCall(
  'campaigns.list',
  z.object({}).passthrough(),
  z.object({
    campaigns: z.array(
      z.object({ campaign_id: z.string(), name: z.string(), last_run_time: z.string().nullable() }),
    ),
  }),
);
