import {
  DEFAULT_PERSON_FIELDS,
  type DefaultFieldName,
  FILLABLE_DEFAULT_FIELDS,
  textRules,
} from '@meridian/contracts';
import type { StagedBatch } from '../persons/persons-bulk.service';

/**
 * SQL of an inbound batch (a warehouse sync's or Segment's contactsSynced event): its rows land in
 * a temporary staging table with one INSERT ... SELECT over the event's JSON, are checked there by
 * the same person-field rules as the CSV import, and go to the persons module's bulk upsert.
 */

/** Emptied when the consumer's transaction commits; a batch's rows never outlive it. */
export const INBOUND_STAGE = 'pg_temp.inbound_stage';

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const FILLED: readonly DefaultFieldName[] = FILLABLE_DEFAULT_FIELDS.filter((f) => f !== 'email');
/**
 * Fields people cannot fill but a product's own data can: a Segment identify call names the
 * person's product user id (its userId). Staged like the others; only Segment batches carry it.
 */
export const SYSTEM_INBOUND_FIELDS: readonly DefaultFieldName[] = ['product_user_id'];
const STAGED: readonly DefaultFieldName[] = [...FILLED, ...SYSTEM_INBOUND_FIELDS];

/**
 * Made once per connection and emptied when each transaction that used it commits: creating and
 * dropping it in every consumer transaction cost catalog writes (and dead catalog rows) per batch.
 */
export const CREATE_STAGE_SQL = `CREATE TEMP TABLE IF NOT EXISTS inbound_stage (
    ord integer NOT NULL, id uuid NOT NULL, key text, email text,
    ${STAGED.map((f) => `${f} text`).join(', ')},
    custom jsonb NOT NULL, problem text, pick boolean NOT NULL DEFAULT false
  ) ON COMMIT DELETE ROWS`;

export const CLEAR_STAGE_SQL = `TRUNCATE ${INBOUND_STAGE}`;

/** A text value of the row: JSON strings as they are, numbers and booleans as their text; blank is NULL. */
const text = (path: string) => `NULLIF(btrim(r.v->>${literal(path)}), '')`;

function checksOf(field: DefaultFieldName, column: string): string[] {
  const definition = DEFAULT_PERSON_FIELDS.find((f) => f.name === field)!;
  return textRules({ ...definition }).map((rule) => {
    switch (rule.kind) {
      case 'required':
        return `WHEN ${column} IS NULL THEN ${literal(rule.message)}`;
      case 'maxLength':
        return `WHEN length(${column}) > ${rule.length} THEN ${literal(rule.message)}`;
      case 'pattern':
        return `WHEN ${column} !~ ${literal(rule.pattern)} THEN ${literal(rule.message)}`;
    }
  });
}

const CUSTOM_OF_ROW = `COALESCE((SELECT jsonb_object_agg(k.key, k.value) FROM jsonb_each(r.row->'values') k
        WHERE k.key = ANY($3::text[]) AND k.value <> 'null'::jsonb AND k.value <> '""'::jsonb), '{}'::jsonb)`;

/**
 * Stages $1 (the rows as JSON: `[{email, values}]`) with their new contacts' ids $2 (uuid[], one a
 * row, made by the caller growing with time and row order: Postgres makes random ids some ten
 * times slower) and the custom field names $3 (text[]): the row's custom values keep their JSON
 * type, blanks left out. The row's problem is the email's first, then the first default field's.
 * The last row of each email among the rows that pass the checks is picked as the one written,
 * in the same statement: a second pass would rewrite every staged row. A batch without custom
 * fields skips their per-row extraction.
 */
export function stageRowsSql(withCustom: boolean): string {
  return `INSERT INTO ${INBOUND_STAGE} (ord, id, key, email, ${STAGED.join(', ')}, custom, problem, pick)
  SELECT t.ord, t.id, t.key, t.email, ${STAGED.map((f) => `t.${f}`).join(', ')}, t.custom, t.problem,
    t.problem IS NULL AND row_number() OVER (PARTITION BY t.key, t.problem IS NULL ORDER BY t.ord DESC) = 1
  FROM (
    SELECT s.ord, s.id, lower(s.email) AS key, s.email, ${STAGED.map((f) => `s.${f}`).join(', ')}, s.custom,
      CASE ${[...checksOf('email', 's.email'), ...STAGED.flatMap((f) => checksOf(f, `s.${f}`))].join(' ')} END AS problem
    FROM (
      SELECT r.ord::int AS ord,
        ($2::uuid[])[r.ord::int] AS id,
        NULLIF(btrim(r.row->>'email'), '') AS email,
        ${STAGED.map((f) => `${text(f).replace('r.v', "(r.row->'values')")} AS ${f}`).join(',\n        ')},
        ${withCustom ? CUSTOM_OF_ROW : `'{}'::jsonb`} AS custom
      FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS r(row, ord)
    ) s
  ) t`;
}

/** How many rows failed their checks, and the first 100 of them with their problem. */
export const FAILURES_SQL = `SELECT count(*) OVER ()::int AS total, COALESCE(email, '') AS email, problem
  FROM ${INBOUND_STAGE} WHERE problem IS NOT NULL ORDER BY ord LIMIT 100`;

/** The default fields besides the email that a batch may fill. */
export const INBOUND_DEFAULT_FIELDS: readonly DefaultFieldName[] = FILLED;

/** The staged batch: only the fields the rows carry are written, so a sync never clears a field it does not map. */
export function inboundBatch(carried: readonly DefaultFieldName[], customFields: string[]): StagedBatch {
  return {
    table: INBOUND_STAGE,
    defaults: Object.fromEntries([
      ['email', 'c.email'],
      ...carried.filter((f) => STAGED.includes(f)).map((f) => [f, `c.${f}`]),
    ]),
    customFields,
    rows: 'c.pick',
    systemFields: carried.filter((f) => SYSTEM_INBOUND_FIELDS.includes(f)),
    small: true,
  };
}
