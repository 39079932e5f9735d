import type { PersonFieldType, SourceColumn } from '@meridian/contracts';
import type { WarehouseDialect, WarehouseSession } from './warehouse-session';

export interface SourceTable {
  table_name: string;
  table_type: 'table' | 'view';
}

/**
 * What a warehouse holds, read from its own catalog (information_schema on all three; Postgres and
 * Redshift also pg_namespace for schema privileges). Only what the user may read is listed.
 */
export async function listSchemas(session: WarehouseSession): Promise<string[]> {
  if (session.dialect === 'snowflake') {
    const rows = await session.query<{ SCHEMA_NAME: string }>(
      `SELECT schema_name AS "SCHEMA_NAME" FROM information_schema.schemata
        WHERE schema_name <> 'INFORMATION_SCHEMA' ORDER BY schema_name`,
      [],
    );
    return rows.map((row) => row.SCHEMA_NAME);
  }
  const rows = await session.query<{ name: string }>(
    `SELECT nspname AS name FROM pg_catalog.pg_namespace
      WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
        AND has_schema_privilege(nspname, 'USAGE')
      ORDER BY nspname`,
    [],
  );
  return rows.map((row) => row.name);
}

export async function listTables(session: WarehouseSession, schema: string): Promise<SourceTable[]> {
  const rows = await session.query<{ TABLE_NAME: string; TABLE_TYPE: string }>(
    `SELECT table_name AS "TABLE_NAME", table_type AS "TABLE_TYPE" FROM information_schema.tables
      WHERE table_schema = ${placeholder(session.dialect, 1)} ORDER BY table_name`,
    [schema],
  );
  return rows.map((row) => ({
    table_name: row.TABLE_NAME,
    table_type: /VIEW/i.test(row.TABLE_TYPE) ? 'view' : 'table',
  }));
}

export async function listColumns(
  session: WarehouseSession,
  schema: string,
  table: string,
): Promise<SourceColumn[]> {
  const rows = await session.query<{
    COLUMN_NAME: string;
    DATA_TYPE: string;
    IS_NULLABLE: string;
    NUMERIC_SCALE: number | string | null;
  }>(
    `SELECT column_name AS "COLUMN_NAME", data_type AS "DATA_TYPE", is_nullable AS "IS_NULLABLE",
            numeric_scale AS "NUMERIC_SCALE"
       FROM information_schema.columns
      WHERE table_schema = ${placeholder(session.dialect, 1)} AND table_name = ${placeholder(session.dialect, 2)}
      ORDER BY ordinal_position`,
    [schema, table],
  );
  return rows.map((row) => ({
    column_name: row.COLUMN_NAME,
    data_type: row.DATA_TYPE.toLowerCase(),
    type: personFieldTypeOf(row.DATA_TYPE, row.NUMERIC_SCALE === null ? null : Number(row.NUMERIC_SCALE)),
    nullable: row.IS_NULLABLE.toUpperCase() === 'YES',
  }));
}

/** The n-th bind placeholder of a dialect (1-based; Snowflake binds by position with `?`). */
export function placeholder(dialect: WarehouseDialect, n: number): string {
  return dialect === 'snowflake' ? '?' : `$${n}`;
}

/**
 * The person field type a warehouse column maps to ('Map as custom columns'), from
 * information_schema.columns (data_type and numeric_scale) of Postgres, Redshift and Snowflake
 * (NUMBER, FLOAT, TEXT, BOOLEAN, DATE, TIMESTAMP_NTZ ...). A decimal without a fraction is an
 * integer. Anything without a closer match is a string.
 */
export function personFieldTypeOf(dataType: string, numericScale: number | null): PersonFieldType {
  const type = dataType.trim().toLowerCase();
  if (type === 'boolean' || type === 'bool') return 'boolean';
  if (/^(smallint|integer|int|int2|int4|int8|bigint|tinyint|byteint)$/.test(type)) return 'integer';
  if (/^(real|float|float4|float8|double|double precision|decfloat)$/.test(type)) return 'float';
  if (/^(numeric|decimal|number|fixed)/.test(type)) return numericScale === 0 ? 'integer' : 'float';
  if (/^(date|timestamp|datetime)/.test(type)) return 'datetime';
  return 'string';
}
