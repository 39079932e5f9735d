import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { Value } from './salesforce-sync-rules';
import type { SyncedObject } from './salesforce-soql';

export interface QueuedPerson {
  organisation_id: string;
  connection_id: string;
  person_id: string;
  email: string;
  values: Record<string, Value>;
  time_updated: string | null;
  reason: 'changed' | 'flow_step' | 'resync';
}

/** A ready queue row with the person's selected record (null when there is none). */
export interface ReadyPush {
  person_id: string;
  email: string;
  person_values: Record<string, Value>;
  person_updated_at: Date | null;
  /** As Postgres's text, so the exact microseconds come back (a newer row is never removed). */
  enqueued_at: string;
  attempts: number;
  object: SyncedObject | null;
  sf_id: string | null;
  sf_values: Record<string, Value> | null;
  sf_modstamp: Date | null;
  name: string | null;
}

export interface PushDone {
  person_id: string;
  enqueued_at: string;
  email: string;
  object: SyncedObject;
  sf_id: string;
  name: string | null;
  sf_values: Record<string, Value>;
  pushed_hash: string;
}

export type QueueKey = { person_id: string; enqueued_at: string };

/** Drops a person after this many failed pushes; the error row stays for a resync. */
export const MAX_PUSH_ATTEMPTS = 5;

/** Persons waiting to be pushed, the latest values per person. */
@Injectable()
export class SalesforcePushQueueRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private db(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.dataSource.manager;
  }

  /** One statement per consumed batch; persons of unknown or deleted connections are ignored. */
  async enqueue(tx: Transaction, persons: readonly QueuedPerson[]): Promise<void> {
    // One row per person: the newest values win, whatever order the exports arrive in (a feed
    // page and a flow step's export of the same person commit in their own transactions).
    const newest = new Map<string, QueuedPerson>();
    for (const person of persons) {
      const key = `${person.connection_id}|${person.person_id}`;
      const seen = newest.get(key);
      if (!seen || newerOrUnknown(person.time_updated, seen.time_updated)) newest.set(key, person);
    }
    const latest = [...newest.values()];
    if (latest.length === 0) return;
    const col = <K extends keyof QueuedPerson>(k: K) => latest.map((p) => p[k]);
    await this.db(tx).query(
      `INSERT INTO integrations.salesforce_push_queue AS q (organisation_id, connection_id, person_id, email,
           person_values, person_updated_at, reason)
       SELECT u.organisation_id::uuid, u.connection_id::uuid, u.person_id, u.email, u.person_values, u.time_updated, u.reason
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[], $6::timestamptz[], $7::text[])
           AS u(organisation_id, connection_id, person_id, email, person_values, time_updated, reason)
         JOIN integrations.salesforce_connections c
           ON c.id::text = u.connection_id AND c.organisation_id::text = u.organisation_id AND c.deleted_at IS NULL
       ON CONFLICT (connection_id, person_id) DO UPDATE
         SET email = EXCLUDED.email, person_values = EXCLUDED.person_values,
             person_updated_at = EXCLUDED.person_updated_at, reason = EXCLUDED.reason,
             enqueued_at = now(), attempts = 0, not_before = now()
         WHERE q.person_updated_at IS NULL OR EXCLUDED.person_updated_at IS NULL
            OR EXCLUDED.person_updated_at >= q.person_updated_at`,
      [
        col('organisation_id'),
        col('connection_id'),
        col('person_id'),
        col('email'),
        latest.map((p) => JSON.stringify(p.values)),
        col('time_updated'),
        col('reason'),
      ],
    );
  }

  /** Ready rows, oldest first, each with the person's selected record. */
  async ready(connectionId: string, limit: number): Promise<ReadyPush[]> {
    return this.db().query(
      `SELECT q.person_id, q.email, q.person_values, q.person_updated_at, q.enqueued_at::text AS enqueued_at, q.attempts,
              r.object, r.sf_id, r.sf_values, r.sf_modstamp, r.name
         FROM integrations.salesforce_push_queue q
         LEFT JOIN LATERAL (
           SELECT object, sf_id, sf_values, sf_modstamp, name FROM integrations.salesforce_records r
            WHERE r.connection_id = q.connection_id AND lower(r.email) = lower(q.email)
              AND r.is_selected AND NOT r.is_deleted LIMIT 1) r ON true
        WHERE q.connection_id = $1 AND q.not_before <= now()
        ORDER BY q.enqueued_at, q.person_id LIMIT $2`,
      [connectionId, limit],
    );
  }

  async waiting(connectionId: string): Promise<number> {
    const [row]: Array<{ n: number }> = await this.db().query(
      `SELECT count(*)::int AS n FROM integrations.salesforce_push_queue WHERE connection_id = $1`,
      [connectionId],
    );
    return row?.n ?? 0;
  }

  /** Pushed (or nothing to push): the queue rows go unless newer values arrived meanwhile. */
  async remove(connectionId: string, keys: readonly QueueKey[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db().query(
      `DELETE FROM integrations.salesforce_push_queue q
        USING unnest($2::text[], $3::timestamptz[]) AS k(person_id, enqueued_at)
        WHERE q.connection_id = $1 AND q.person_id = k.person_id AND q.enqueued_at = k.enqueued_at`,
      [connectionId, keys.map((k) => k.person_id), keys.map((k) => k.enqueued_at)],
    );
  }

  /** Records what a push wrote: known records take the values, created ones are stored as selected. */
  async pushed(organisationId: string, connectionId: string, done: readonly PushDone[]): Promise<void> {
    if (done.length === 0) return;
    await this.db().query(
      `INSERT INTO integrations.salesforce_records AS r (organisation_id, connection_id, object, sf_id, email, name,
           is_selected, sf_values, pushed_hash, time_pushed)
       SELECT $1, $2, u.object, u.sf_id, u.email, u.name, true, u.sf_values, u.pushed_hash, now()
         FROM jsonb_to_recordset($3::jsonb)
           AS u(object text, sf_id text, email text, name text, sf_values jsonb, pushed_hash text)
       ON CONFLICT (connection_id, sf_id) DO UPDATE
         SET sf_values = r.sf_values || EXCLUDED.sf_values, pushed_hash = EXCLUDED.pushed_hash,
             time_pushed = now(), time_updated = now()`,
      // One JSON document, not six arrays: the values need no array-literal escaping each way.
      [
        organisationId,
        connectionId,
        JSON.stringify(
          done.map((d) => ({
            object: d.object,
            sf_id: d.sf_id,
            email: d.email,
            name: d.name,
            sf_values: d.sf_values,
            pushed_hash: d.pushed_hash,
          })),
        ),
      ],
    );
    await this.remove(connectionId, done);
  }

  /** A failed push: tried again later with a growing wait, dropped after the last attempt. */
  async failed(connectionId: string, keys: readonly QueueKey[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db().query(
      `UPDATE integrations.salesforce_push_queue q
          SET attempts = q.attempts + 1,
              not_before = now() + make_interval(mins => least(5 * power(2, q.attempts)::int, 24 * 60))
         FROM unnest($2::text[], $3::timestamptz[]) AS k(person_id, enqueued_at)
        WHERE q.connection_id = $1 AND q.person_id = k.person_id AND q.enqueued_at = k.enqueued_at`,
      [connectionId, keys.map((k) => k.person_id), keys.map((k) => k.enqueued_at)],
    );
    await this.db().query(
      `DELETE FROM integrations.salesforce_push_queue WHERE connection_id = $1 AND attempts >= $2`,
      [connectionId, MAX_PUSH_ATTEMPTS],
    );
  }

  /** A record another process holds: tried again a minute later, not counted as an attempt. */
  async later(connectionId: string, keys: readonly QueueKey[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db().query(
      `UPDATE integrations.salesforce_push_queue q SET not_before = now() + interval '1 minute'
         FROM unnest($2::text[], $3::timestamptz[]) AS k(person_id, enqueued_at)
        WHERE q.connection_id = $1 AND q.person_id = k.person_id AND q.enqueued_at = k.enqueued_at`,
      [connectionId, keys.map((k) => k.person_id), keys.map((k) => k.enqueued_at)],
    );
  }
}

/** Whether values stamped `next` replace those stamped `current`: newer or as new; unknown goes by arrival. */
function newerOrUnknown(next: string | null, current: string | null): boolean {
  return next === null || current === null || Date.parse(next) >= Date.parse(current);
}
