import { type DefaultFieldName, FILLABLE_DEFAULT_FIELDS } from '@meridian/contracts';

/**
 * SQL of the one bulk write path into `campaign.persons`: an upsert of a batch a
 * caller staged in a table of its own (a CSV import today; warehouse, Salesforce
 * and Segment syncs next). Set-based: one UPDATE of the contacts whose values
 * change, one INSERT ... SELECT of the new ones. $1 is always the organisation.
 */

/**
 * A staged batch. Its table has, per row, `id uuid` (the id a new contact gets, made
 * in staging order so the contacts' indexes grow at their right edge), `key text`
 * (the email in lower case) and `custom jsonb` (the custom field values, blanks left out).
 */
export interface StagedBatch {
  /** Schema-qualified table name, made by the caller from generated identifiers only. */
  table: string;
  /** The staging column (`c.<name>`) that fills each default field the batch carries; email is required. */
  defaults: Partial<Record<DefaultFieldName, string>>;
  /** The custom fields the batch carries: a blank one clears the stored value when overwriting. */
  customFields: string[];
  /** The condition on `c` that picks the rows to write (e.g. those that passed the checks), from generated SQL only. */
  rows: string;
  /**
   * Read-only default fields the batch may write all the same, because it comes from the
   * product's own data (a Segment identify names the product user id); people never fill them.
   */
  systemFields?: readonly DefaultFieldName[];
  /**
   * A batch of a few thousand rows (one event's): its contacts are found through the email index.
   * Joined the usual way, the planner hashes every contact of the organisation for each batch,
   * which costs more than the batch's own writes once the organisation has some 100,000 contacts.
   */
  small?: boolean;
}

/** How matched contacts take the batch's values (spec 5, contact CSV options). */
export interface UpsertOptions {
  /** Write to contacts that already exist (off: only new contacts are inserted). */
  enableUpdate: boolean;
  /** Replace stored values (off: only fill fields that are empty). */
  overwriteValues: boolean;
  /** When overwriting, a blank value keeps the stored one instead of clearing it. */
  ignoreBlank: boolean;
}

/** Which staged rows an insert takes: a page range of a batch of new contacts, or every row. */
export type InsertScope = { pages: [from: number, to: number] } | 'all';

const STAGING_COLUMN = /^c\.[a-z_][a-z0-9_]*$/;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The default fields the batch fills besides the email, checked to be fillable and plain column references. */
function presentDefaults(batch: StagedBatch): { field: string; value: string }[] {
  const fields = Object.entries(batch.defaults).map(([field, value]) => {
    const allowed =
      FILLABLE_DEFAULT_FIELDS.includes(field as DefaultFieldName) ||
      (batch.systemFields ?? []).includes(field as DefaultFieldName);
    if (!allowed || !STAGING_COLUMN.test(value)) {
      throw new Error(`Not a staged default field: ${field}`);
    }
    return { field, value };
  });
  return fields.filter((f) => f.field !== 'email');
}

function emailOf(batch: StagedBatch): string {
  const email = batch.defaults.email;
  if (!email || !STAGING_COLUMN.test(email)) throw new Error('A staged batch needs its email column');
  return email;
}

function updateRule(field: string, value: string, options: UpsertOptions): string {
  if (!options.overwriteValues) return `COALESCE(p.${field}, ${value})`;
  return options.ignoreBlank ? `COALESCE(${value}, p.${field})` : value;
}

function customRule(batch: StagedBatch, options: UpsertOptions): string {
  const incoming = 'c.custom';
  if (!options.overwriteValues) return `${incoming} || p.custom_fields`;
  if (options.ignoreBlank) return `p.custom_fields || ${incoming}`;
  // Blank cells clear the field: drop the batch's keys first, then add the non-blank ones.
  const names = batch.customFields.map(literal);
  return names.length
    ? `(p.custom_fields - ARRAY[${names.join(', ')}]::text[]) || ${incoming}`
    : 'p.custom_fields';
}

/**
 * Updates the organisation's existing contacts from the batch, writing only those
 * whose values change: a re-import of unchanged rows writes nothing (no dead rows,
 * no index entries). Its row count is the number of contacts changed.
 */
export function updateSql(batch: StagedBatch, options: UpsertOptions): string {
  emailOf(batch);
  const fields = presentDefaults(batch);
  const targets = [...fields.map((f) => `p.${f.field}`), 'p.custom_fields'];
  const values = [...fields.map((f) => updateRule(f.field, f.value, options)), customRule(batch, options)];
  const sets = [
    ...fields.map((f, i) => `${f.field} = ${values[i]}`),
    `custom_fields = ${values.at(-1)}`,
    '_updated_time = now()',
  ];
  // An array of the keys is an index condition whatever the planner thinks of the staging table.
  const keyed = batch.small
    ? `AND lower(p.email) = ANY (ARRAY(SELECT c.key FROM ${batch.table} c WHERE ${batch.rows}))`
    : '';
  return `UPDATE campaign.persons p SET ${sets.join(', ')}
    FROM ${batch.table} c
    WHERE ${batch.rows} AND p.organisation_id = $1 AND lower(p.email) = c.key ${keyed}
      AND (${targets.join(', ')}, NULL) IS DISTINCT FROM (${values.join(', ')}, NULL)`;
}

/** The staging table's size in pages, which the inserts go through in ranges. */
export function pagesSql(table: string): string {
  return `SELECT greatest(pg_relation_size('${table}') / current_setting('block_size')::int, 1)::int AS pages`;
}

/**
 * Inserts the staged rows whose email the organisation does not have yet.
 *
 * When the caller knows the batch holds no existing contacts, the rows go in by page
 * ranges of the staging table (a range scan by ctid), so progress can be reported
 * between batches, with no join: a contact created since makes the unique index
 * refuse, and the upsert runs again `guarded`, with ON CONFLICT DO NOTHING (which
 * costs a quarter of the insert, so it is not the first try). Otherwise one
 * statement takes every row with an anti-join on the contacts.
 */
export function insertSql(batch: StagedBatch, guarded: boolean, scope: InsertScope): string {
  const fields = presentDefaults(batch);
  const target = ['id', 'organisation_id', 'email', ...fields.map((f) => f.field), 'custom_fields'];
  const values = ['c.id', '$1::uuid', emailOf(batch), ...fields.map((f) => f.value), 'c.custom'];
  const rows =
    scope === 'all'
      ? batch.small
        ? // One probe of the email index per staged row. As an anti-join the planner, whose figures
          // for the contacts lag a bulk load, hashed every contact of the organisation per batch.
          'AND (SELECT 1 FROM campaign.persons p WHERE p.organisation_id = $1 AND lower(p.email) = c.key LIMIT 1) IS NULL'
        : 'AND NOT EXISTS (SELECT 1 FROM campaign.persons p WHERE p.organisation_id = $1 AND lower(p.email) = c.key)'
      : `AND c.ctid >= '(${Math.trunc(scope.pages[0])},0)'::tid AND c.ctid < '(${Math.trunc(scope.pages[1])},0)'::tid`;
  // No RETURNING: counting through a CTE of every inserted row costs a sixth of the
  // insert; the row count comes with the result.
  return `INSERT INTO campaign.persons (${target.join(', ')})
    SELECT ${values.join(', ')} FROM ${batch.table} c
    WHERE ${batch.rows} ${rows}
    ${guarded ? 'ON CONFLICT (organisation_id, lower(email)) DO NOTHING' : ''}`;
}

const STAGING_TABLE = /^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/;

/**
 * Inserts generated contacts as they are staged, system fields and times included (a data set
 * such as the demo's: its own columns `id, email, first_name, last_name, title, company_name,
 * phone_number, product_user_id, org_id, custom, created_time, updated_time`). Existing emails
 * are left alone.
 */
export function insertGeneratedSql(table: string): string {
  if (!STAGING_TABLE.test(table)) throw new Error(`Not a staging table: ${table}`);
  return `INSERT INTO campaign.persons (id, organisation_id, email, first_name, last_name, title,
      company_name, phone_number, product_user_id, org_id, custom_fields, _created_time, _updated_time)
    SELECT c.id, $1::uuid, c.email, c.first_name, c.last_name, c.title, c.company_name, c.phone_number,
      c.product_user_id, c.org_id, c.custom, c.created_time, c.updated_time
    FROM ${table} c
    ON CONFLICT (organisation_id, lower(email)) DO NOTHING`;
}

/** Unsubscribes contacts ($2 ids) as of their times ($3); those already unsubscribed keep theirs. The ids it changed. */
export const MARK_UNSUBSCRIBED_SQL = `
  WITH changed AS (
    UPDATE campaign.persons p
    SET unsubscribed = true, unsubscribed_time = u.at, _updated_time = greatest(p._updated_time, u.at)
    FROM unnest($2::uuid[], $3::timestamptz[]) AS u(id, at)
    WHERE p.organisation_id = $1 AND p.id = u.id AND NOT p.unsubscribed
    RETURNING p.id
  )
  SELECT id FROM changed`;
