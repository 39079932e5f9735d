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
): Promise<{ digest: () => Promise<Record<string, string>>; close: () => Promise<void> }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = $1 AND column_name = 'organisation_id'
      ORDER BY table_name`,
    [schema],
  );
  const tables = rows.map((r) => r.table_name).filter((t) => !ignore.includes(t));
  const query = tables
    .map(
      (t) =>
        `SELECT '${t}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d
           FROM "${schema}"."${t}" x WHERE x.organisation_id = $1`,
    )
    .join(' UNION ALL ');
  return {
    async digest() {
      if (tables.length === 0) return {};
      const result = await client.query<{ t: string; d: string }>(query, [organisationId]);
      return Object.fromEntries(result.rows.map((r) => [r.t, r.d]));
    },
    close: () => client.end(),
  };
}
