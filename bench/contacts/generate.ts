import type { Client } from 'pg';

// prettier-ignore
const FIRST = ['Anna', 'Ben', 'Chloe', 'David', 'Emma', 'Felix', 'Grace', 'Henry', 'Ivy', 'Jack', 'Kate', 'Liam', 'Maria', 'Noah', 'Olivia', 'Peter', 'Quinn', 'Rosa', 'Sam', 'Tara', 'Uma', 'Victor', 'Wendy', 'Xavier', 'Yara', 'Zoe', 'John', 'Mia', 'Leo', 'Nina', 'Omar', 'Paula', 'Ravi', 'Sofia', 'Tom', 'Lena', 'Marco', 'Hana', 'Igor', 'Eva'];
// prettier-ignore
const LAST = ['Smith', 'Jones', 'Brown', 'Taylor', 'Wilson', 'Davies', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Garcia', 'Martin', 'Muller', 'Rossi', 'Kowalski', 'Novak', 'Silva', 'Santos', 'Kim', 'Lee', 'Nguyen', 'Chen', 'Patel', 'Singh', 'Khan', 'Ali', 'Haddad', 'Cohen', 'Dubois', 'Moreau', 'Jansen', 'De Vries', 'Larsen', 'Nielsen', 'Berg', 'Lindqvist', 'Ivanova', 'Petrov', 'Horvat', 'Popescu'];
// prettier-ignore
const DOMAINS = ['acme', 'globex', 'initech', 'umbrella', 'hooli', 'vandelay', 'stark', 'wayne', 'wonka', 'tyrell', 'cyberdyne', 'soylent', 'massive', 'aperture', 'blackmesa', 'oscorp', 'gringotts', 'monarch', 'dunder', 'pied', 'piper', 'aviato', 'bluth', 'prestige', 'sterling'];

const array = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(', ')}]`;

/**
 * `rows` contacts of one organisation in one set-based statement (no query per row), created
 * evenly over the past year, newest first by number: `first.last{n}@{company}.example`.
 * Names repeat as in real data (40 first names, 40 last names, 25 companies); the oldest 2%
 * came from one company ('legacyco'), as when a customer's list was imported long ago.
 */
export async function generateContacts(client: Client, organisationId: string, rows: number): Promise<void> {
  await client.query(
    `INSERT INTO campaign.persons (organisation_id, email, first_name, last_name, title, company_name, phone_number,
       custom_fields, _created_time, _updated_time)
     SELECT $1, lower(replace(f, ' ', '')) || '.' || lower(replace(l, ' ', '')) || g || '@' || d || '.example',
       f, l, 'Engineer', initcap(d), '+1 555 ' || lpad((g % 10000000)::text, 7, '0'),
       jsonb_build_object('plan', CASE WHEN g % 3 = 0 THEN 'pro' ELSE 'free' END), t, t
     FROM (
       SELECT g, (${array(FIRST)})[1 + g % 40] AS f, (${array(LAST)})[1 + (g / 40) % 40] AS l,
         CASE WHEN g > $2 * 0.98 THEN 'legacyco' ELSE (${array(DOMAINS)})[1 + (g * 7) % 25] END AS d,
         now() - make_interval(secs => g * (365 * 86400.0 / $2)) AS t
       FROM generate_series(1, $2::int) g
     ) s`,
    [organisationId, rows],
  );
}

/** A static list holding every contact of the organisation, added when each was created. */
export async function generateStaticList(
  client: Client,
  organisationId: string,
  listId: string,
): Promise<void> {
  await client.query(
    `INSERT INTO campaign.static_list_members (static_list_id, person_id, organisation_id, added_at)
     SELECT $2, id, organisation_id, _created_time FROM campaign.persons WHERE organisation_id = $1`,
    [organisationId, listId],
  );
}

/**
 * Keywords a marketer types, of every selectivity: a first and a last name (2.5% each), a
 * company (4%), a company whose contacts are all old (2%), one person, digits inside emails,
 * nothing at all, and short starts.
 */
export const KEYWORDS = [
  'anna',
  'walker',
  'acme',
  'legacyco',
  'john.smith12',
  '4242',
  'no-such-contact',
  'ma',
  'q',
];
