import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@meridian/contracts';
import { z } from 'zod';

/**
 * The local gateway's mail capture (local mode only). Developer tooling, not a product
 * contract, so its shapes live here rather than in libs/contracts.
 */
export { DEV_MAILS_PATH } from './dev-mail-keys';

const id = z.union([z.string(), z.number()]).transform(String);
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');
const recipients = z
  .union([z.array(z.string()), z.string()])
  .nullish()
  .transform((value) =>
    value === null || value === undefined ? [] : Array.isArray(value) ? value : [value],
  );

export const devMailSummarySchema = z.object({
  id,
  received_at: z.string(),
  from: text,
  to: recipients,
  subject: text,
});
export type DevMailSummary = z.output<typeof devMailSummarySchema>;

export const devMailPageSchema = z.object({
  records: z.array(devMailSummarySchema),
  total_count: z.number().int(),
  page_count: z.number().int(),
});
export type DevMailPage = z.output<typeof devMailPageSchema>;

export const devMailSchema = devMailSummarySchema.extend({
  // A mail without an HTML part comes as null or false.
  html: z
    .union([z.string(), z.literal(false)])
    .nullish()
    .transform((value) => (typeof value === 'string' && value.length > 0 ? value : null)),
  text,
  headers: z.unknown().optional(),
});
export type DevMail = z.output<typeof devMailSchema>;

export const devMailsQuerySchema = z.object({
  page_number: z.number().int().min(1).default(FIRST_PAGE),
  page_size: z.number().int().min(1).default(DEFAULT_PAGE_SIZE),
  to: z.string().trim().optional(),
});
export type DevMailsQuery = z.input<typeof devMailsQuerySchema>;
