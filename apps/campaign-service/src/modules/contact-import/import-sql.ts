import type { ImportColumn } from './import-columns';

/**
 * SQL of a contact import, built from the file's column mapping. Identifiers are
 * generated (`c{index}`, the import id's hex); user text only enters as escaped
 * literals or quoted aliases.
 */

const DEFAULT_COLUMNS = ['first_name', 'last_name', 'title', 'company_name', 'phone_number'];
/** The loose shape check a mail server would accept; stricter rules belong to sending. */
const EMAIL_PATTERN = `'^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$'`;

export const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const identifier = (text: string) => `"${text.replace(/"/g, '""')}"`;
const col = (c: ImportColumn) => `c.c${c.index}`;

export function stagingTable(importId: string): string {
  if (!/^[0-9a-f-]{36}$/.test(importId)) throw new Error('Bad import id');
  return `campaign.import_${importId.replace(/-/g, '')}`;
}

export function createStagingSql(table: string, columnCount: number): string {
  const cells = Array.from({ length: columnCount }, (_, i) => `c${i} text`).join(', ');
  // UNLOGGED: the rows are a scratch copy of a file we keep; WAL would double the cost of COPY.
  return `CREATE UNLOGGED TABLE ${table} (line integer NOT NULL, ${cells})`;
}

export function copyIntoSql(table: string, columnCount: number): string {
  const cells = Array.from({ length: columnCount }, (_, i) => `c${i}`).join(', ');
  return `COPY ${table} (line, ${cells}) FROM STDIN`;
}

function emailColumn(columns: ImportColumn[]): ImportColumn {
  const email = columns.find((c) => c.field === 'email' && !c.custom);
  if (!email) throw new Error('No email column');
  return email;
}

/**
 * Every staged row with its verdict: `problem` (why it cannot be imported) and
 * `occurrence` (1 for the first valid row of an email, more for its duplicates).
 */
export function checkedRowsSql(table: string, columns: ImportColumn[]): string {
  const email = col(emailColumn(columns));
  const lengthChecks = columns
    .filter((c) => c.length !== null && c.field !== 'email')
    .map((c) => `WHEN length(${col(c)}) > ${c.length} THEN ${literal(`${c.display} must be at most ${c.length} characters`)}`)
    .join(' ');
  return `SELECT v.*, row_number() OVER (PARTITION BY v.problem IS NULL, lower(v.email_value) ORDER BY v.line) AS occurrence
    FROM (
      SELECT c.*, ${email} AS email_value,
        CASE WHEN ${email} IS NULL OR length(${email}) > 254 OR ${email} !~ ${EMAIL_PATTERN}
               THEN 'Valid email is required'
             ${lengthChecks}
        END AS problem
      FROM ${table} c
    ) v`;
}

/** The preview's counts; $1 is the organisation. */
export function previewSql(table: string, columns: ImportColumn[]): string {
  return `WITH checked AS (${checkedRowsSql(table, columns)})
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE c.problem IS NOT NULL)::int AS errors,
      count(*) FILTER (WHERE c.problem IS NULL AND c.occurrence > 1)::int AS duplicates,
      count(*) FILTER (WHERE c.problem IS NULL AND c.occurrence = 1 AND p.id IS NULL)::int AS to_create,
      count(*) FILTER (WHERE c.problem IS NULL AND c.occurrence = 1 AND p.id IS NOT NULL)::int AS to_update
    FROM checked c
    LEFT JOIN campaign.persons p ON p.organisation_id = $1 AND lower(p.email) = lower(c.email_value)`;
}

/** A cell as a spreadsheet will read it: text starting like a formula gets a leading quote. */
export function safeCell(expression: string): string {
  return `CASE WHEN left(${expression}, 1) IN ('=', '+', '-', '@', chr(9), chr(13)) THEN '''' || ${expression} ELSE ${expression} END`;
}

export function safeHeader(header: string): string {
  return /^[=+\-@\t\r]/.test(header) ? `'${header}` : header;
}

/** The error or duplicate rows as CSV for COPY TO, with the file's own headers. */
export function reportSql(table: string, columns: ImportColumn[], kind: 'errors' | 'duplicates'): string {
  const cells = columns.map((c) => `${safeCell(col(c))} AS ${identifier(safeHeader(c.header))}`).join(', ');
  const filter = kind === 'errors' ? 'c.problem IS NOT NULL' : 'c.problem IS NULL AND c.occurrence > 1';
  const reason = kind === 'errors' ? 'c.problem' : `'Duplicate email in the file'`;
  return `COPY (SELECT c.line AS "row", ${cells}, ${reason} AS "error"
    FROM (${checkedRowsSql(table, columns)}) c WHERE ${filter} ORDER BY c.line) TO STDOUT WITH (FORMAT csv, HEADER)`;
}

export interface UpsertOptions {
  enableUpdate: boolean;
  overwriteValues: boolean;
  ignoreBlank: boolean;
}

function customObject(columns: ImportColumn[]): string {
  const custom = columns.filter((c) => c.custom);
  if (custom.length === 0) return `'{}'::jsonb`;
  // jsonb_build_object takes at most 100 arguments: 50 fields per call.
  const parts: string[] = [];
  for (let i = 0; i < custom.length; i += 50) {
    const pairs = custom.slice(i, i + 50).map((c) => `${literal(c.field)}, ${col(c)}`);
    parts.push(`jsonb_build_object(${pairs.join(', ')})`);
  }
  return `jsonb_strip_nulls(${parts.join(' || ')})`;
}

function updateRule(field: string, options: UpsertOptions): string {
  if (!options.overwriteValues) return `COALESCE(p.${field}, EXCLUDED.${field})`;
  return options.ignoreBlank ? `COALESCE(EXCLUDED.${field}, p.${field})` : `EXCLUDED.${field}`;
}

function customRule(columns: ImportColumn[], options: UpsertOptions): string {
  if (!options.overwriteValues) return `EXCLUDED.custom_fields || p.custom_fields`;
  if (options.ignoreBlank) return `p.custom_fields || EXCLUDED.custom_fields`;
  // Blank cells clear the field: drop the file's keys first, then add the non-blank ones.
  const names = columns.filter((c) => c.custom).map((c) => literal(c.field));
  return names.length ? `(p.custom_fields - ARRAY[${names.join(', ')}]::text[]) || EXCLUDED.custom_fields` : 'p.custom_fields';
}

/**
 * Inserts the new contacts and (when enabled) updates the existing ones in one
 * statement; answers how many of each. $1 is the organisation.
 */
export function upsertSql(table: string, columns: ImportColumn[], options: UpsertOptions): string {
  const present = DEFAULT_COLUMNS.filter((f) => columns.some((c) => !c.custom && c.field === f));
  const byField = (f: string) => col(columns.find((c) => !c.custom && c.field === f)!);
  const target = ['organisation_id', 'email', ...present, 'custom_fields'];
  const values = ['$1::uuid', 'c.email_value', ...present.map(byField), customObject(columns)];
  const onConflict = options.enableUpdate
    ? `DO UPDATE SET ${[
        ...present.map((f) => `${f} = ${updateRule(f, options)}`),
        `custom_fields = ${customRule(columns, options)}`,
        '_updated_time = now()',
      ].join(', ')}`
    : 'DO NOTHING';
  return `WITH checked AS (${checkedRowsSql(table, columns)}),
    written AS (
      INSERT INTO campaign.persons AS p (${target.join(', ')})
      SELECT ${values.join(', ')} FROM checked c WHERE c.problem IS NULL AND c.occurrence = 1
      ON CONFLICT (organisation_id, lower(email)) ${onConflict}
      RETURNING (xmax = 0) AS inserted
    )
    SELECT count(*) FILTER (WHERE inserted)::int AS inserted, count(*) FILTER (WHERE NOT inserted)::int AS updated
    FROM written`;
}
