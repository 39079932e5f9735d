import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Org-context campaigns enter a person once per product org (spec 1: "one email per Email+OrgID
 * product user"), so the unit of a run is (person, org), not the person.
 * - run_persons.org_key: coalesce(org_id, ''), generated; '' stands for "no org" (person context).
 *   The key becomes (run_id, person_id, org_key). Rows already there keep their org_id, and a
 *   run had one row per person until now, so they stay unique and runs in flight walk on.
 * - email_messages.org_id: the entry's org, copied for rows already there from their run entry
 *   (one per run and person until now); org_key as above. The idempotency key of a send becomes
 *   (run_id, action_id, person_id, org_key): two orgs of one person get two messages, and a
 *   resumed entry finds the message it already has.
 */
export class OrgEntries1771500000000 implements MigrationInterface {
  name = 'OrgEntries1771500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE campaign.run_persons
      ADD COLUMN org_key text GENERATED ALWAYS AS (coalesce(org_id, '')) STORED`);
    await db.query(`ALTER TABLE campaign.run_persons DROP CONSTRAINT run_persons_pkey,
      ADD CONSTRAINT run_persons_pkey PRIMARY KEY (run_id, person_id, org_key)`);

    await db.query(`ALTER TABLE campaign.email_messages ADD COLUMN org_id text`);
    await db.query(`UPDATE campaign.email_messages m SET org_id = rp.org_id
       FROM campaign.run_persons rp
      WHERE rp.run_id = m.run_id AND rp.person_id = m.person_id AND rp.org_id IS NOT NULL`);
    await db.query(`ALTER TABLE campaign.email_messages
      ADD COLUMN org_key text GENERATED ALWAYS AS (coalesce(org_id, '')) STORED`);
    await db.query(`ALTER TABLE campaign.email_messages
      DROP CONSTRAINT email_messages_run_id_action_id_person_id_key,
      ADD CONSTRAINT email_messages_entry_key UNIQUE (run_id, action_id, person_id, org_key)`);
  }

  async down(db: QueryRunner): Promise<void> {
    // Only possible while no person holds two entries of one run (or two messages of one step).
    await db.query(`ALTER TABLE campaign.email_messages DROP CONSTRAINT email_messages_entry_key,
      ADD CONSTRAINT email_messages_run_id_action_id_person_id_key UNIQUE (run_id, action_id, person_id)`);
    await db.query(`ALTER TABLE campaign.email_messages DROP COLUMN org_key, DROP COLUMN org_id`);
    await db.query(`ALTER TABLE campaign.run_persons DROP CONSTRAINT run_persons_pkey,
      ADD CONSTRAINT run_persons_pkey PRIMARY KEY (run_id, person_id)`);
    await db.query(`ALTER TABLE campaign.run_persons DROP COLUMN org_key`);
  }
}
