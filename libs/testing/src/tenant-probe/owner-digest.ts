import { Client } from 'pg';

/**
 * A digest of one organisation's rows in every table of `schema` that has an `organisation_id`
 * column, per table: what the tenant probe compares after each call to see that another
 * organisation's call changed nothing of the owner's.
 */
export async function ownerDigest(
  databaseUrl: string,
  schema: string,
  organisationId: string,
  ignore: string[] = [],
  /** Tables keyed by the organisation under another column (the organisations table: `id`). */
  keyedBy: Record<string, string> = {},
): Promise<{ digest: () => Promise<Record<string, string>>; close: () => Promise<void> }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = $1 AND column_name = 'organisation_id'
      ORDER BY table_name`,
    [schema],
  );
  const tables = new Map<string, string>(
    rows.filter((r) => !ignore.includes(r.table_name)).map((r) => [r.table_name, 'organisation_id']),
  );
  for (const [table, column] of Object.entries(keyedBy)) tables.set(table, column);
  const query = [...tables]
    .map(
      ([t, column]) =>
        `SELECT '${t}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d
           FROM "${schema}"."${t}" x WHERE x."${column}" = $1`,
    )
    .join(' UNION ALL ');
  return {
    async digest() {
      if (tables.size === 0) return {};
      const result = await client.query<{ t: string; d: string }>(query, [organisationId]);
      return Object.fromEntries(result.rows.map((r) => [r.t, r.d]));
    },
    close: () => client.end(),
  };
}
