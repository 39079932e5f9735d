import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredClicks, StoredLink, StoredOpens } from './engagement-fold';
import { statCounters } from './fold-types';

/** Every column of reports.messages with its SQL type, for rows passed as one JSON array. */
const MESSAGE_COLUMNS: Record<string, string> = {
  message_id: 'text',
  organisation_id: 'uuid',
  campaign_id: 'uuid',
  run_id: 'uuid',
  action_id: 'text',
  template_id: 'uuid',
  person_id: 'uuid',
  email: 'text',
  org_id: 'text',
  campaign_context: 'text',
  created_at: 'timestamptz',
  processed_at: 'timestamptz',
  sent_at: 'timestamptz',
  not_sent_at: 'timestamptz',
  not_sent_reason: 'text',
  dropped_at: 'timestamptz',
  dropped_reason: 'text',
  delivered_at: 'timestamptz',
  bounced_at: 'timestamptz',
  bounce_type: 'text',
  bounce_reason: 'text',
  spam_at: 'timestamptz',
  unsub_at: 'timestamptz',
  first_open_at: 'timestamptz',
  open_count: 'integer',
  non_human_open_count: 'integer',
  first_click_at: 'timestamptz',
  click_count: 'integer',
  non_human_click_count: 'integer',
  unique_url_count: 'integer',
};
const COUNTS = new Set([
  'open_count',
  'non_human_open_count',
  'click_count',
  'non_human_click_count',
  'unique_url_count',
]);
const KEY_TYPES: Record<string, string> = {
  campaign_id: 'uuid',
  run_id: 'uuid',
  template_id: 'uuid',
  bucket: 'timestamptz',
  url: 'text',
  email_client: 'text',
};

const recordset = (types: Record<string, string>) =>
  `jsonb_to_recordset($1::jsonb) AS r(${Object.entries(types)
    .map(([c, t]) => `${c} ${t}`)
    .join(', ')})`;

/**
 * The set-based writes of the event consumers: each call is one statement for a whole batch
 * (rows passed as one JSON array), in key order so concurrent batches lock rows in one order.
 */
@Injectable()
export class IngestRepository {
  /** Inserts messages or sets the given columns on existing ones (every other column is kept). */
  async upsertMessages(
    manager: EntityManager,
    rows: readonly object[],
    owned: readonly string[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const columns = Object.keys(MESSAGE_COLUMNS);
    const select = columns.map((c) => (COUNTS.has(c) ? `COALESCE(r.${c}, 0)` : `r.${c}`)).join(', ');
    const sets = [
      'created_at = LEAST(messages.created_at, excluded.created_at)',
      ...owned.map((c) => `${c} = excluded.${c}`),
    ];
    await manager.query(
      `INSERT INTO reports.messages (${columns.join(', ')})
       SELECT ${select} FROM ${recordset(MESSAGE_COLUMNS)} ORDER BY r.message_id
       ON CONFLICT (message_id) DO UPDATE SET ${sets.join(', ')}`,
      [JSON.stringify(rows)],
    );
  }

  /** Adds counters to rollup rows (creating them); `keys` name the table's unique key. */
  async addCounters(
    manager: EntityManager,
    table: 'stats_hourly' | 'link_hourly' | 'client_hourly',
    keys: readonly string[],
    counters: readonly string[],
    rows: readonly object[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const types = Object.fromEntries([
      ...keys.map((k) => [k, KEY_TYPES[k]!]),
      ...counters.map((c) => [c, 'integer']),
    ]) as Record<string, string>;
    await manager.query(
      `INSERT INTO reports.${table} (${[...keys, ...counters].join(', ')})
       SELECT ${keys.map((k) => `r.${k}`).join(', ')}, ${counters.map((c) => `COALESCE(r.${c}, 0)`).join(', ')}
       FROM ${recordset(types)}
       ON CONFLICT ON CONSTRAINT ${table}_key DO UPDATE SET
       ${counters.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`,
      [JSON.stringify(rows)],
    );
  }

  addStats(manager: EntityManager, rows: readonly object[]): Promise<void> {
    return this.addCounters(
      manager,
      'stats_hourly',
      ['campaign_id', 'bucket', 'run_id', 'template_id'],
      statCounters,
      rows,
    );
  }

  /** Each stored message's time of the outcome (null: not had), and when it was sent. */
  async outcomeTimes(
    manager: EntityManager,
    column: string,
    ids: readonly string[],
  ): Promise<{ times: Map<string, string | null>; sentAt: Map<string, string> }> {
    const rows = await manager.query<{ message_id: string; at: Date | null; created_at: Date }[]>(
      `SELECT message_id, ${column} AS at, created_at FROM reports.messages WHERE message_id = ANY($1::text[])`,
      [ids],
    );
    return {
      times: new Map(rows.map((r) => [r.message_id, r.at ? r.at.toISOString() : null])),
      sentAt: new Map(rows.map((r) => [r.message_id, r.created_at.toISOString()])),
    };
  }

  async storedOpens(manager: EntityManager, ids: readonly string[]) {
    // One connection per transaction: the reads go one after the other.
    const messages = await manager.query<
      (StoredOpens & { message_id: string; created_at: Date; first_open_at: Date | null })[]
    >(
      `SELECT message_id, created_at, first_open_at, open_count, non_human_open_count
       FROM reports.messages WHERE message_id = ANY($1::text[])`,
      [ids],
    );
    const clients = await manager.query<{ message_id: string; email_client: string; open_count: number }[]>(
      `SELECT message_id, email_client, open_count FROM reports.message_clients WHERE message_id = ANY($1::text[])`,
      [ids],
    );
    return {
      messages: new Map(
        messages.map((m) => [
          m.message_id,
          {
            ...m,
            created_at: m.created_at.toISOString(),
            first_open_at: m.first_open_at?.toISOString() ?? null,
          },
        ]),
      ),
      clients: new Map(clients.map((c) => [`${c.message_id}\n${c.email_client}`, c.open_count])),
    };
  }

  async storedClicks(manager: EntityManager, ids: readonly string[]) {
    const messages = await manager.query<
      (StoredClicks & {
        message_id: string;
        created_at: Date;
        first_open_at: Date | null;
        first_click_at: Date | null;
      })[]
    >(
      `SELECT message_id, created_at, first_open_at, first_click_at, click_count, non_human_click_count, unique_url_count
       FROM reports.messages WHERE message_id = ANY($1::text[])`,
      [ids],
    );
    const links = await manager.query<(StoredLink & { first_click_at: Date | null })[]>(
      `SELECT message_id, url, email_client, click_count, non_human_click_count, first_click_at
       FROM reports.message_links WHERE message_id = ANY($1::text[])`,
      [ids],
    );
    return {
      messages: new Map(
        messages.map((m) => [
          m.message_id,
          {
            ...m,
            created_at: m.created_at.toISOString(),
            first_open_at: m.first_open_at?.toISOString() ?? null,
            first_click_at: m.first_click_at?.toISOString() ?? null,
          },
        ]),
      ),
      links: links.map((l) => ({ ...l, first_click_at: l.first_click_at?.toISOString() ?? null })),
    };
  }

  async putClients(manager: EntityManager, rows: readonly object[]): Promise<void> {
    if (rows.length === 0) return;
    await manager.query(
      `INSERT INTO reports.message_clients (message_id, email_client, open_count)
       SELECT * FROM ${recordset({ message_id: 'text', email_client: 'text', open_count: 'integer' })}
       ORDER BY 1, 2
       ON CONFLICT (message_id, email_client) DO UPDATE SET open_count = excluded.open_count`,
      [JSON.stringify(rows)],
    );
  }

  async putLinks(manager: EntityManager, rows: readonly object[]): Promise<void> {
    if (rows.length === 0) return;
    const types = {
      message_id: 'text',
      url: 'text',
      email_client: 'text',
      click_count: 'integer',
      non_human_click_count: 'integer',
      first_click_at: 'timestamptz',
    };
    await manager.query(
      `INSERT INTO reports.message_links (${Object.keys(types).join(', ')})
       SELECT * FROM ${recordset(types)} ORDER BY 1, 2, 3
       ON CONFLICT (message_id, url, email_client) DO UPDATE SET click_count = excluded.click_count,
         non_human_click_count = excluded.non_human_click_count, first_click_at = excluded.first_click_at`,
      [JSON.stringify(rows)],
    );
  }
}
