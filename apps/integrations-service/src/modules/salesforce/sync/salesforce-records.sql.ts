/**
 * Stores a pulled page and picks each of its emails' selected record in one statement.
 * $1 organisation, $2 connection, $3 object; $4 the page's records as one JSON array of
 * {sf_id, email, name, modstamp, sf_values, pulled_hash} (no array-literal escaping of the values).
 *
 * Selection: an email keeps the record already selected (a live one, or one of this page, which
 * the upsert brings back to life); else its best live record is picked, a contact before a lead,
 * then the latest. A record waiting in the deletion queue (its person was deleted in the product)
 * is stored but never selected: a change pulled before the deletion runs does not bring the person
 * back. The page's own records get their flag as they are written (no second write of
 * fresh rows); a record outside the page that is picked is updated beside. Every look-up at the
 * stored records goes through an index per key (`OFFSET 0` keeps the planner from turning them
 * into a scan of the connection's records, whose statistics lag behind a large first pull).
 *
 * Answers per record of the page: new or not, an echo of the product's own last push or not
 * (the pulled values hash to what was pushed), and whether it is its person's selected record.
 */
export const UPSERT_PULLED_SQL = `
WITH input AS (
  SELECT u.*, lower(u.email) AS key
    FROM jsonb_to_recordset($4::jsonb)
      AS u(sf_id text, email text, name text, modstamp timestamptz, sf_values jsonb, pulled_hash text)
), prev AS (
  SELECT i.sf_id, p.pushed_hash, p.is_selected FROM input i
   CROSS JOIN LATERAL (
     SELECT r.pushed_hash, r.is_selected FROM integrations.salesforce_records r
      WHERE r.connection_id = $2 AND r.sf_id = i.sf_id OFFSET 0) p
), keys AS (
  SELECT DISTINCT key FROM input WHERE key IS NOT NULL
), queued AS (
  SELECT q.sf_id FROM integrations.salesforce_delete_queue q
   WHERE q.connection_id = $2 AND q.sf_id = ANY(ARRAY(SELECT sf_id FROM input))
), candidates AS (
  SELECT i.key, i.sf_id, $3::text AS object, i.modstamp, COALESCE(p.is_selected, false) AS is_selected
    FROM input i LEFT JOIN prev p ON p.sf_id = i.sf_id
   WHERE i.key IS NOT NULL AND i.sf_id NOT IN (SELECT sf_id FROM queued)
  UNION ALL
  SELECT k.key, s.sf_id, s.object, s.sf_modstamp, s.is_selected FROM keys k
   CROSS JOIN LATERAL (
     SELECT c.sf_id, c.object, c.sf_modstamp, c.is_selected FROM integrations.salesforce_records c
      WHERE c.connection_id = $2 AND lower(c.email) = k.key AND NOT c.is_deleted
        AND NOT EXISTS (SELECT 1 FROM integrations.salesforce_delete_queue q
                         WHERE q.connection_id = $2 AND q.sf_id = c.sf_id)
      OFFSET 0) s
   WHERE NOT EXISTS (SELECT 1 FROM input i WHERE i.sf_id = s.sf_id)
), pick AS (
  SELECT sf_id FROM (
    SELECT DISTINCT ON (key) sf_id, is_selected FROM candidates
     ORDER BY key, is_selected DESC, (object = 'contact') DESC, modstamp DESC NULLS LAST
  ) best WHERE NOT is_selected
), up AS (
  INSERT INTO integrations.salesforce_records AS r (organisation_id, connection_id, object, sf_id, email, name,
      sf_modstamp, sf_values, pulled_hash, time_pulled, is_selected)
  SELECT $1, $2, $3, i.sf_id, i.email, i.name, i.modstamp, i.sf_values, i.pulled_hash, now(),
         i.sf_id IN (SELECT sf_id FROM pick)
    FROM input i
  ON CONFLICT (connection_id, sf_id) DO UPDATE
    SET email = EXCLUDED.email, name = EXCLUDED.name, sf_modstamp = EXCLUDED.sf_modstamp,
        sf_values = EXCLUDED.sf_values, pulled_hash = EXCLUDED.pulled_hash, time_pulled = now(),
        is_deleted = false, is_selected = r.is_selected OR EXCLUDED.is_selected, time_updated = now()
  RETURNING r.sf_id, r.is_selected
), others AS (
  UPDATE integrations.salesforce_records r SET is_selected = true
   WHERE r.connection_id = $2
     AND r.sf_id = ANY(ARRAY(SELECT k.sf_id FROM pick k WHERE k.sf_id NOT IN (SELECT sf_id FROM input)))
)
SELECT i.sf_id, p.sf_id IS NULL AS inserted, COALESCE(p.pushed_hash = i.pulled_hash, false) AS echo,
       COALESCE(u.is_selected, false) AS selected
  FROM input i LEFT JOIN prev p ON p.sf_id = i.sf_id LEFT JOIN up u ON u.sf_id = i.sf_id`;
