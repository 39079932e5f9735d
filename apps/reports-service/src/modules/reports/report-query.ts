import { type ReportFilter, utcInstant } from '@meridian/contracts';

const HOUR_MS = 3_600_000;

/** SQL conditions with their parameters, numbered as they are added. */
export class Conditions {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  add(sql: (p: (value: unknown) => string) => string): this {
    this.parts.push(
      sql((value) => {
        this.params.push(value);
        return `$${this.params.length}`;
      }),
    );
    return this;
  }

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  get where(): string {
    return this.parts.join(' AND ');
  }
}

/**
 * The rollups' conditions for a report filter: the campaign, its template and the hours of the
 * period. Hour buckets start at or after the hour the period starts in and before its end, so a
 * period is resolved to whole hours (the 'Sent in' presets always are).
 */
export function rollupConditions(
  filter: Pick<ReportFilter, 'campaign_id' | 'template_id' | 'start_date' | 'end_date'>,
  alias = '',
) {
  const c = new Conditions().add((p) => `${alias}campaign_id = ${p(filter.campaign_id)}`);
  if (filter.template_id) c.add((p) => `${alias}template_id = ${p(filter.template_id)}`);
  if (filter.start_date) {
    const hour = Math.floor(Date.parse(utcInstant(filter.start_date)) / HOUR_MS) * HOUR_MS;
    c.add((p) => `${alias}bucket >= ${p(new Date(hour).toISOString())}`);
  }
  if (filter.end_date) c.add((p) => `${alias}bucket < ${p(utcInstant(filter.end_date!))}`);
  return c;
}

export const pageOffset = (f: { page_size: number; page_number: number }) =>
  (f.page_number - 1) * f.page_size;

export function pageFrom<T>(records: T[], total: number, f: { page_size: number; page_number: number }) {
  return {
    page_number: f.page_number,
    page_size: f.page_size,
    page_count: Math.ceil(total / f.page_size),
    total_count: total,
    records,
  };
}
