import { personFieldRules } from '@meridian/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the audience compiler reads. Marketing activity gains the ids its filters compare (campaign,
 * template) and the clicked link. Indexes, each for a query shape the compiler writes:
 * - product activity (organisation_id, event_name, event_date) INCLUDE person_id: an activity group's
 *   events of one name within a time frame, counted per person without visiting the table (property
 *   rows read the heap for event_properties); also the distinct event names of entity/events.
 * - marketing activity (organisation_id, event, occurred_at) INCLUDE person_id, campaign_id,
 *   template_id, link: a marketing group's email event, time frame and campaign/template/link rows.
 * - marketing activity (organisation_id, campaign_id) INCLUDE person_id: list membership by campaign.
 * Static list membership uses the members' primary key (static_list_id, person_id).
 */
export class Audience1770600000000 implements MigrationInterface {
  name = 'Audience1770600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE campaign.person_marketing_activity
      ADD COLUMN campaign_id uuid, ADD COLUMN template_id uuid, ADD COLUMN link text`);
    await db.query(`CREATE INDEX person_product_activity_event_idx ON campaign.person_product_activity
      (organisation_id, event_name, event_date) INCLUDE (person_id)`);
    await db.query(`CREATE INDEX person_marketing_activity_event_idx ON campaign.person_marketing_activity
      (organisation_id, event, occurred_at) INCLUDE (person_id, campaign_id, template_id, link)`);
    await db.query(`CREATE INDEX person_marketing_activity_campaign_idx ON campaign.person_marketing_activity
      (organisation_id, campaign_id) INCLUDE (person_id)`);
    // A stored custom date that is not one (a typo, 31 February) reads as empty instead of failing
    // the whole query; a date without an offset is UTC, as the compiler reads the values it compares.
    const pattern = personFieldRules.textPatterns.datetime.replace(/'/g, "''");
    await db.query(`
      CREATE FUNCTION campaign.audience_timestamptz(value text) RETURNS timestamptz
      LANGUAGE plpgsql STABLE PARALLEL SAFE AS $fn$
      BEGIN
        IF value IS NULL OR value !~ '${pattern}' THEN
          RETURN NULL;
        END IF;
        IF length(value) > 10 AND substr(value, 11) ~ '([Zz]|[+-][0-9]{2}(:?[0-9]{2})?)$' THEN
          RETURN value::timestamptz;
        END IF;
        RETURN value::timestamp AT TIME ZONE 'UTC';
      EXCEPTION WHEN others THEN
        RETURN NULL;
      END
      $fn$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP FUNCTION campaign.audience_timestamptz(text)`);
    await db.query(`DROP INDEX campaign.person_marketing_activity_campaign_idx`);
    await db.query(`DROP INDEX campaign.person_marketing_activity_event_idx`);
    await db.query(`DROP INDEX campaign.person_product_activity_event_idx`);
    await db.query(`ALTER TABLE campaign.person_marketing_activity
      DROP COLUMN campaign_id, DROP COLUMN template_id, DROP COLUMN link`);
  }
}
