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

type Period = Pick<ReportFilter, 'start_date' | 'end_date'>;

/**
 * A report period as every report call reads it: the whole hours it touches, from the start of
 * the hour it starts in to the end of the hour it ends in. The rollups count by the hour a mail
 * was sent in, so the Overview can only answer whole hours; the runs and the Recipients tabs take
 * the same hours, or a period such as 'Last day' (from a minute of yesterday) would count a run's
 * mails in Delivery Stats and leave the run and its recipients out.
 */
export function periodHours(filter: Period): { from: string | null; until: string | null } {
  const at = (value: string) => Date.parse(utcInstant(value));
  const hour = (ms: number) => new Date(ms).toISOString();
  return {
    from: filter.start_date ? hour(Math.floor(at(filter.start_date) / HOUR_MS) * HOUR_MS) : null,
    until: filter.end_date ? hour(Math.ceil(at(filter.end_date) / HOUR_MS) * HOUR_MS) : null,
  };
}

/** Adds the period's hours as conditions on a time column (a rollup's bucket, a run's time, ...). */
export function addPeriod(c: Conditions, column: string, filter: Period): Conditions {
  const { from, until } = periodHours(filter);
  if (from) c.add((p) => `${column} >= ${p(from)}`);
  if (until) c.add((p) => `${column} < ${p(until)}`);
  return c;
}

/** The rollups' conditions for a report filter: the campaign, its template and the period's hours. */
export function rollupConditions(
  filter: Pick<ReportFilter, 'campaign_id' | 'template_id' | 'start_date' | 'end_date'>,
  alias = '',
) {
  const c = new Conditions().add((p) => `${alias}campaign_id = ${p(filter.campaign_id)}`);
  if (filter.template_id) c.add((p) => `${alias}template_id = ${p(filter.template_id)}`);
  return addPeriod(c, `${alias}bucket`, filter);
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
