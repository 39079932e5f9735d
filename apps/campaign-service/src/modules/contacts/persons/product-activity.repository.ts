import { Injectable } from '@nestjs/common';
import type { Transaction } from '@meridian/server-kit';
import type { EntityManager } from 'typeorm';

export interface IncomingProductEvent {
  organisation_id: string;
  message_id: string;
  email: string | null;
  user_id: string | null;
  org_id: string | null;
  event_name: string;
  event_date: string;
  properties: Record<string, unknown>;
}

/** The person of an event: by email first, else by product user id (the oldest such person). */
const PERSON_OF = (alias: string) => `coalesce(
  (SELECT p.id FROM campaign.persons p
    WHERE p.organisation_id = ${alias}.organisation_id AND lower(p.email) = lower(${alias}.email) LIMIT 1),
  (SELECT p.id FROM campaign.persons p
    WHERE p.organisation_id = ${alias}.organisation_id AND p.product_user_id = ${alias}.user_id
    ORDER BY p._created_time, p.id LIMIT 1))`;

const ACTIVITY_COLUMNS =
  'organisation_id, person_id, event_name, event_date, event_properties, user_id, org_id, message_id';

/**
 * Product activity from Segment, written set-based: one statement stores a batch's events of known
 * persons and parks the others, and records the org memberships the events name; one moves parked events whose person has since arrived. A message
 * id is stored once per organisation, whatever the number of deliveries.
 */
@Injectable()
export class ProductActivityRepository {
  async store(tx: Transaction, events: IncomingProductEvent[]): Promise<void> {
    if (events.length === 0) return;
    const manager = tx as unknown as EntityManager;
    await manager.query(
      `WITH incoming AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                              $7::timestamptz[], $8::jsonb[])
           AS e(organisation_id, message_id, email, user_id, org_id, event_name, event_date, event_properties)
       ), resolved AS (
         SELECT i.*, ${PERSON_OF('i')} AS person_id FROM incoming i
       ), members AS (
         -- A call naming an org (a group call, or context.groupId) makes its user a product user of
         -- that org (spec "Product person": Email+OrgID), which org-context campaigns address.
         INSERT INTO campaign.person_org (organisation_id, email, org_id, product_user_id)
         SELECT DISTINCT ON (r.organisation_id, lower(r.email), left(r.org_id, 255))
                r.organisation_id, r.email, left(r.org_id, 255), left(r.user_id, 255)
           FROM (SELECT i.organisation_id, i.org_id, i.user_id, i.event_date,
                        coalesce(i.email, (SELECT p.email FROM campaign.persons p WHERE p.id = i.person_id)) AS email
                   FROM resolved i WHERE i.org_id IS NOT NULL AND btrim(i.org_id) <> '') r
          WHERE r.email IS NOT NULL
          ORDER BY r.organisation_id, lower(r.email), left(r.org_id, 255), r.event_date DESC
         ON CONFLICT (organisation_id, lower(email), org_id) DO UPDATE
            SET product_user_id = coalesce(excluded.product_user_id, person_org.product_user_id),
                _updated_time = now()
       ), stored AS (
         INSERT INTO campaign.person_product_activity (${ACTIVITY_COLUMNS})
         SELECT ${ACTIVITY_COLUMNS} FROM resolved WHERE person_id IS NOT NULL
         ON CONFLICT (organisation_id, message_id) WHERE message_id IS NOT NULL DO NOTHING
       )
       INSERT INTO campaign.product_activity_pending
         (organisation_id, message_id, email, user_id, org_id, event_name, event_date, event_properties)
       SELECT organisation_id, message_id, email, user_id, org_id, event_name, event_date, event_properties
         FROM resolved WHERE person_id IS NULL
       ON CONFLICT (organisation_id, message_id) DO NOTHING`,
      [
        events.map((e) => e.organisation_id),
        events.map((e) => e.message_id),
        events.map((e) => e.email),
        events.map((e) => e.user_id),
        events.map((e) => e.org_id),
        events.map((e) => e.event_name),
        events.map((e) => e.event_date),
        events.map((e) => JSON.stringify(e.properties)),
      ],
    );
  }

  /** Moves the organisations' parked events whose person is now known into their activity. */
  async resolvePending(tx: Transaction, organisationIds: string[]): Promise<void> {
    if (organisationIds.length === 0) return;
    const manager = tx as unknown as EntityManager;
    await manager.query(
      `WITH found AS (
         SELECT q.id, ${PERSON_OF('q')} AS person_id
           FROM campaign.product_activity_pending q WHERE q.organisation_id = ANY($1::uuid[])
       ), moved AS (
         DELETE FROM campaign.product_activity_pending q USING found f
          WHERE q.id = f.id AND f.person_id IS NOT NULL
          RETURNING q.organisation_id, f.person_id, q.event_name, q.event_date, q.event_properties,
                    q.user_id, q.org_id, q.message_id
       )
       INSERT INTO campaign.person_product_activity (${ACTIVITY_COLUMNS})
       SELECT ${ACTIVITY_COLUMNS} FROM moved
       ON CONFLICT (organisation_id, message_id) WHERE message_id IS NOT NULL DO NOTHING`,
      [organisationIds],
    );
  }
}
