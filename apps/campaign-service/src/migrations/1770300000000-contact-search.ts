import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The contact search columns (spec section 9). */
const SEARCHED = ['email', 'first_name', 'last_name'];

/**
 * Contacts at scale: a trigram index so the contacts search ('%keyword%' over email, first and
 * last name) reads the index instead of every row, and a static list members index in the order
 * the members list pages (newest added first), with the tenant column so paging and counting a
 * big list read the index alone, neither sorting nor visiting the table.
 *
 * pg_trgm ships with Postgres (a trusted extension: a database owner may create it). It goes in
 * the campaign schema, which this service owns, unless the database already has it elsewhere;
 * the operator class is then named by the schema it really lives in.
 */
export class ContactSearch1770300000000 implements MigrationInterface {
  name = 'ContactSearch1770300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA campaign`);
    const [{ schema }] = (await db.query(
      `SELECT quote_ident(n.nspname) AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
       WHERE e.extname = 'pg_trgm'`,
    )) as { schema: string }[];
    // One index per searched column (not one over all three): the planner then prices each arm
    // of the search's OR by its own column and picks the index even on mid-sized tables.
    for (const column of SEARCHED) {
      await db.query(
        `CREATE INDEX persons_${column}_trgm_idx ON campaign.persons USING gin (${column} ${schema}.gin_trgm_ops)`,
      );
    }
    await db.query(
      `CREATE INDEX static_list_members_list_added_idx ON campaign.static_list_members
       (static_list_id, added_at DESC, person_id) INCLUDE (organisation_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX campaign.static_list_members_list_added_idx`);
    for (const column of SEARCHED) await db.query(`DROP INDEX campaign.persons_${column}_trgm_idx`);
    // The extension stays: other objects of the database may use it.
  }
}
