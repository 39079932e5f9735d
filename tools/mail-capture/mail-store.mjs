// The captured mails' table, shared by the SMTP listener and the developer API.
// Local mode only: it lives in its own schema, never in a service's.

export const MESSAGES_TABLE = 'devmail.messages';

const CREATE = `
create schema if not exists devmail;
create table if not exists devmail.messages (
  id bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  "from" text not null default '',
  "to" text[] not null default '{}',
  subject text not null default '',
  html text,
  text text,
  headers jsonb not null default '{}',
  raw text not null
)`;

/** Creates the schema and table if missing; two processes racing on it is fine. */
export async function ensureMailTable(pool) {
  try {
    await pool.query(CREATE);
  } catch (error) {
    // 23505/42P06/42P07: another process created it between our check and our create.
    if (!['23505', '42P06', '42P07'].includes(error?.code)) throw error;
  }
}

/** Headers as written on the wire, keyed in lower case; a repeated header's values are joined by newlines. */
export function headersOf(parsed) {
  const headers = {};
  for (const { key, line } of parsed.headerLines ?? []) {
    const value = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    headers[key] = key in headers ? `${headers[key]}\n${value}` : value;
  }
  return headers;
}

/**
 * Stores one received mail. `to` holds the envelope recipients (Bcc included: who
 * would have received it); `from` the From header, else the envelope sender.
 */
export async function insertMessage(pool, { envelope, parsed, raw }) {
  const { rows } = await pool.query(
    `insert into ${MESSAGES_TABLE} ("from", "to", subject, html, text, headers, raw)
     values ($1, $2, $3, $4, $5, $6, $7) returning id::text as id`,
    [
      parsed.from?.text || envelope.mailFrom || '',
      envelope.rcptTo,
      parsed.subject ?? '',
      typeof parsed.html === 'string' ? parsed.html : null,
      parsed.text ?? null,
      JSON.stringify(headersOf(parsed)),
      // Postgres text cannot hold NUL; a raw mail never needs one.
      raw.toString('utf8').replaceAll('\u0000', ''),
    ],
  );
  return rows[0].id;
}
