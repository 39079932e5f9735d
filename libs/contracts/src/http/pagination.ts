import { z } from 'zod';

// The numbers live apart from the schemas: a web screen that pages reads them without loading the
// schema library.
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from './page-constants';

export { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from './page-constants';
/**
 * The deepest page a list goes to: with the largest page size every offset
 * ((page_number - 1) x page_size, at most 2 x 10^9) still fits a 32-bit integer, as the queries
 * count and skip rows in one. A deeper page would be empty anyway on any real list.
 */
export const MAX_PAGE_NUMBER = 200_000;

export const WHOLE_NUMBER_EXPECTED = 'Must be a whole number';

/**
 * A whole number in [min, max], as JSON sends it or as a query string writes it ('10'). Any other
 * type (true, [5], null, '') is refused, never read as the number JavaScript would make of it.
 */
export function wholeNumberSchema(min: number, max: number) {
  const bounded = z.number().int().min(min).max(max);
  return z.union(
    [
      bounded,
      z
        .string()
        .regex(/^\s*-?\d+\s*$/)
        .transform(Number)
        .pipe(bounded),
    ],
    {
      error: WHOLE_NUMBER_EXPECTED,
    },
  );
}

/** A page number (1-based) as list calls take it. */
export const pageNumberSchema = wholeNumberSchema(1, MAX_PAGE_NUMBER);

/** A page size, from 1 to `max`. */
export const pageSizeSchema = (max: number = MAX_PAGE_SIZE) => wholeNumberSchema(1, max);

export const pageRequestSchema = z.object({
  page_size: pageSizeSchema().default(DEFAULT_PAGE_SIZE),
  page_number: pageNumberSchema.default(FIRST_PAGE),
});
export type PageRequest = z.infer<typeof pageRequestSchema>;

export const pageInfoSchema = z.object({
  page_number: z.number().int(),
  page_size: z.number().int(),
  page_count: z.number().int(),
  total_count: z.number().int(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** A page of records with its page info: the response of a paged list call. */
export const pageOf = <T extends z.ZodType>(record: T) => pageInfoSchema.extend({ records: z.array(record) });

/**
 * Lists that can reach a million rows stop counting past a cap: `total_capped` then says that
 * `total_count` is a lower bound (shown as '10,000+') and more pages follow the counted ones.
 */
export const cappedTotalShape = { total_capped: z.boolean() };

export function pageCount(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}

/** Spec 7: the `query.search{keyword, fields}` of a list call; `keyword` matches any of `fields`. */
export function searchQuerySchema<F extends z.ZodType>(fields: F) {
  return z
    .object({
      search: z
        .object({
          keyword: z.string().trim().max(255).optional(),
          fields: z.array(fields).min(1).optional(),
        })
        .optional(),
    })
    .optional();
}
