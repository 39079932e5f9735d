import { type PersonField, textRules } from '@meridian/contracts';
import type { StagedBatch } from '../persons/persons-bulk.service';
import type { ImportColumn } from './import-columns';

/**
 * SQL of a contact import, built from the file's column mapping. Identifiers are
 * generated (`c{index}`, the import id's hex); user text only enters as escaped
 * literals or quoted aliases.
 *
 * The file is parsed once into a staging table; the checks run once and leave their
 * verdict on each row (`problem` for rows that cannot be imported, `duplicate` for
 * later rows of an email already in the file), so the preview, the reports and the
 * import all read the verdicts instead of checking again.
 */

/** Rows that pass every check and are the first of their email: what the import writes. */
const IMPORTABLE = 'c.problem IS NULL AND c.duplicate IS NULL';
/** Staging tables are named after their import: `import_` and the id's 32 hex digits. */
export const STAGING_PREFIX = 'import_';

export const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const identifier = (text: string) => `"${text.replace(/"/g, '""')}"`;
const col = (c: ImportColumn) => `c.c${c.index}`;

export function stagingTable(importId: string): string {
  if (!/^[0-9a-f-]{36}$/.test(importId)) throw new Error('Bad import id');
  return `campaign.${STAGING_PREFIX}${importId.replace(/-/g, '')}`;
}

/**
 * The staging table: the file's cells as text, its row number, the custom fields as
 * jsonb and the new contact's id (both made by the parser, see staging-row.ts), and
 * the row checks as stored generated columns (`problem`, the email `key`), which
 * Postgres computes while COPY writes each row, so the checks cost no pass of their own.
 */
export function createStagingSql(table: string, columns: ImportColumn[]): string {
  const cells = columns.map((c) => `c${c.index} text`).join(', ');
  // UNLOGGED: the rows are a scratch copy of a file we keep; WAL would double the cost of COPY.
  return `CREATE UNLOGGED TABLE ${table} (line integer NOT NULL, ${cells}, custom jsonb NOT NULL, id uuid NOT NULL,
    problem text GENERATED ALWAYS AS (${problemOf(columns)}) STORED,
    key text GENERATED ALWAYS AS (lower(c${emailColumn(columns).index})) STORED,
    duplicate boolean)`;
}

/** COPY of the lines csvToCopyLines makes with stagingRowTail: row number, cells, custom fields, id. */
export function copyIntoSql(table: string, columns: ImportColumn[]): string {
  const cells = columns.map((c) => `c${c.index}`).join(', ');
  return `COPY ${table} (line, ${cells}, custom, id) FROM STDIN`;
}

function emailColumn(columns: ImportColumn[]): ImportColumn {
  const email = columns.find((c) => c.field === 'email' && !c.custom);
  if (!email) throw new Error('No email column');
  return email;
}

/** The field a column fills, as the shared rules read it. */
function definitionOf(c: ImportColumn): PersonField {
  return {
    name: c.field,
    display: c.display,
    type: c.type,
    length: c.length,
    required: c.required ?? false,
    custom: c.custom,
    read_only: false,
    updatable: true,
    hidden: false,
  };
}

/** A column's checks as CASE branches, generated from the person-field rules (cells are trimmed, blanks are NULL). */
export function cellChecks(c: ImportColumn): string[] {
  const cell = `c${c.index}`;
  return textRules(definitionOf(c)).map((rule) => {
    switch (rule.kind) {
      case 'required':
        return `WHEN ${cell} IS NULL THEN ${literal(rule.message)}`;
      case 'maxLength':
        return `WHEN length(${cell}) > ${rule.length} THEN ${literal(rule.message)}`;
      case 'pattern':
        return `WHEN ${cell} !~ ${literal(rule.pattern)} THEN ${literal(rule.message)}`;
    }
  });
}

/** Why a row cannot be imported, or NULL: the email's problem first, then the first other cell's. */
function problemOf(columns: ImportColumn[]): string {
  const email = emailColumn(columns);
  const checks = [email, ...columns.filter((c) => c !== email)].flatMap(cellChecks);
  return `CASE ${checks.join(' ')} END`;
}

/**
 * The duplicate check, run once after COPY: the valid rows grouped by email key (a
 * hash aggregate, no sort of the whole file); every row after an email's first is
 * marked. A file without duplicates writes nothing.
 */
export function duplicatesSql(table: string): string {
  return `UPDATE ${table} c SET duplicate = true
    FROM (SELECT key, min(line) AS first FROM ${table} WHERE problem IS NULL GROUP BY key HAVING count(*) > 1) d
    WHERE c.problem IS NULL AND c.key = d.key AND c.line <> d.first`;
}

/**
 * A file staged in parts numbers the rows of a later part from `firstRow` until the
 * earlier parts are counted; the rows a report shows (errors and later duplicates)
 * then get their real numbers. The order of the others already is the file's.
 */
export function renumberSql(table: string, firstRow: number, span: number, realFirstRow: number): string {
  return `UPDATE ${table} SET line = line - ${firstRow} + ${realFirstRow}
    WHERE line >= ${firstRow} AND line < ${firstRow + span} AND (problem IS NOT NULL OR duplicate)`;
}

/** The preview's counts from the verdicts; $1 is the organisation. */
export function previewSql(table: string): string {
  return `SELECT count(*)::int AS total,
      count(*) FILTER (WHERE c.problem IS NOT NULL)::int AS errors,
      count(*) FILTER (WHERE c.duplicate)::int AS duplicates,
      count(*) FILTER (WHERE ${IMPORTABLE} AND p.id IS NULL)::int AS to_create,
      count(*) FILTER (WHERE ${IMPORTABLE} AND p.id IS NOT NULL)::int AS to_update
    FROM ${table} c
    LEFT JOIN campaign.persons p ON ${IMPORTABLE} AND p.organisation_id = $1 AND lower(p.email) = c.key`;
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
  const filter = kind === 'errors' ? 'c.problem IS NOT NULL' : 'c.duplicate';
  const reason = kind === 'errors' ? 'c.problem' : `'Duplicate email in the file'`;
  return `COPY (SELECT c.line AS "row", ${cells}, ${reason} AS "error"
    FROM ${table} c WHERE ${filter} ORDER BY c.line) TO STDOUT WITH (FORMAT csv, HEADER)`;
}

/**
 * The staged rows as a batch for the persons module's bulk upsert: the rows that
 * passed the checks and are the first of their email, the default fields the file
 * has, and its custom fields (whose blank cells clear values when overwriting).
 */
export function stagedBatch(table: string, columns: ImportColumn[]): StagedBatch {
  const defaults = Object.fromEntries(columns.filter((c) => !c.custom).map((c) => [c.field, col(c)]));
  return {
    table,
    defaults,
    customFields: columns.filter((c) => c.custom).map((c) => c.field),
    rows: IMPORTABLE,
  };
}

/**
 * Staging tables no import will read again: their import is gone or finished, or
 * has not moved for a day (abandoned before importing, or failed). Running imports
 * and recent uploads keep theirs.
 */
export const leftoverStagingSql = `SELECT t.tablename AS name FROM pg_tables t
  WHERE t.schemaname = 'campaign' AND t.tablename ~ '^${STAGING_PREFIX}[0-9a-f]{32}$'
    AND NOT EXISTS (
      SELECT 1 FROM campaign.contact_imports i
      WHERE replace(i.id::text, '-', '') = substring(t.tablename FROM ${STAGING_PREFIX.length + 1})
        AND (i.status = 'importing' OR (i.status <> 'imported' AND i.updated_at > now() - interval '1 day'))
    )`;
