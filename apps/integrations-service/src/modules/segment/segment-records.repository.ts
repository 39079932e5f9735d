import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SegmentError, SegmentReportRow } from '@meridian/contracts';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import type { RefusedCall } from './segment-calls';

/** Counts are kept per 15 minutes: every real time zone offset is a whole number of them. */
export const BUCKET_MINUTES = 15;

export interface CountDelta {
  organisation_id: string;
  kind: 'event' | 'error';
  bucket: Date;
  count: number;
}

export interface Identity {
  organisation_id: string;
  user_id: string;
  email: string;
}

export function bucketOf(at: Date): Date {
  const ms = BUCKET_MINUTES * 60_000;
  return new Date(Math.floor(at.getTime() / ms) * ms);
}

/** Adds up deltas that share organisation, kind and bucket (one upsert row each). */
export function foldCounts(deltas: CountDelta[]): CountDelta[] {
  const byKey = new Map<string, CountDelta>();
  for (const d of deltas) {
    const key = `${d.organisation_id}|${d.kind}|${d.bucket.getTime()}`;
    const seen = byKey.get(key);
    if (seen) seen.count += d.count;
    else byKey.set(key, { ...d });
  }
  return [...byKey.values()];
}

/** Refused calls, and the counts of accepted and refused calls the reports read. */
@Injectable()
export class SegmentRecordsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private manager(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.dataSource.manager;
  }

  async recordErrors(errors: RefusedCall[], tx?: Transaction): Promise<void> {
    if (errors.length === 0) return;
    await this.manager(tx).query(
      `INSERT INTO integrations.segment_errors
         (organisation_id, exception, description, event_type, message_id, payload_excerpt, time_created)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])`,
      [
        errors.map((e) => e.organisation_id),
        errors.map((e) => e.exception),
        errors.map((e) => e.description),
        errors.map((e) => e.event_type),
        errors.map((e) => e.message_id),
        // Postgres text cannot hold U+0000, which a refused call's JSON may carry.
        errors.map((e) => e.payload_excerpt.replaceAll('\u0000', '\\u0000')),
        errors.map((e) => e.time_created),
      ],
    );
  }

  async addCounts(deltas: CountDelta[], tx?: Transaction): Promise<void> {
    const rows = foldCounts(deltas);
    if (rows.length === 0) return;
    // Sorted, so concurrent relays lock the counters in one order and never deadlock.
    rows.sort((a, b) =>
      `${a.organisation_id}${a.kind}${a.bucket.getTime()}`.localeCompare(
        `${b.organisation_id}${b.kind}${b.bucket.getTime()}`,
      ),
    );
    await this.manager(tx).query(
      `INSERT INTO integrations.segment_counts (organisation_id, kind, bucket, count)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::bigint[])
       ON CONFLICT (organisation_id, kind, bucket) DO UPDATE SET count = segment_counts.count + EXCLUDED.count`,
      [
        rows.map((r) => r.organisation_id),
        rows.map((r) => r.kind),
        rows.map((r) => r.bucket),
        rows.map((r) => r.count),
      ],
    );
  }

  /** Stores the email each user id identified with (the last one wins). */
  async rememberIdentities(tx: Transaction, identities: Identity[]): Promise<void> {
    const latest = new Map(identities.map((i) => [`${i.organisation_id}|${i.user_id}`, i]));
    if (latest.size === 0) return;
    const rows = [...latest.values()].sort((a, b) =>
      `${a.organisation_id}|${a.user_id}`.localeCompare(`${b.organisation_id}|${b.user_id}`),
    );
    await this.manager(tx).query(
      `INSERT INTO integrations.segment_identities (organisation_id, user_id, email)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[])
       ON CONFLICT (organisation_id, user_id) DO UPDATE SET email = EXCLUDED.email, time_updated = now()`,
      [rows.map((r) => r.organisation_id), rows.map((r) => r.user_id), rows.map((r) => r.email)],
    );
  }

  /** The emails of user ids, keyed `organisation|user id`. */
  async emailsOf(
    tx: Transaction,
    users: { organisation_id: string; user_id: string }[],
  ): Promise<Map<string, string>> {
    if (users.length === 0) return new Map();
    const rows: Identity[] = await this.manager(tx).query(
      `SELECT i.organisation_id, i.user_id, i.email FROM integrations.segment_identities i
         JOIN unnest($1::uuid[], $2::text[]) AS u(organisation_id, user_id)
           ON i.organisation_id = u.organisation_id AND i.user_id = u.user_id`,
      [users.map((u) => u.organisation_id), users.map((u) => u.user_id)],
    );
    return new Map(rows.map((r) => [`${r.organisation_id}|${r.user_id}`, r.email]));
  }

  async listErrors(
    organisationId: string,
    window: { start: Date; end: Date },
    page: { limit: number; offset: number },
  ): Promise<{ records: SegmentError[]; total: number }> {
    const where = `organisation_id = $1 AND time_created >= $2 AND time_created < $3`;
    const params = [organisationId, window.start, window.end];
    const [counted] = (await this.dataSource.query(
      `SELECT count(*)::int AS total FROM integrations.segment_errors WHERE ${where}`,
      params,
    )) as { total: number }[];
    const rows: (Omit<SegmentError, 'time_created'> & { time_created: Date })[] = await this.dataSource.query(
      `SELECT id, exception, description, event_type, message_id, payload_excerpt, time_created
         FROM integrations.segment_errors WHERE ${where}
        ORDER BY time_created DESC, id LIMIT $4 OFFSET $5`,
      [...params, page.limit, page.offset],
    );
    return {
      records: rows.map((r) => ({ ...r, time_created: r.time_created.toISOString() })),
      total: counted?.total ?? 0,
    };
  }

  /**
   * Zero-filled local buckets (hour or day) ending with the current one: the counts shifted by
   * the caller's offset, then truncated. `buckets` rows, oldest first.
   */
  async report(
    organisationId: string,
    kind: 'event' | 'error',
    unit: 'hour' | 'day',
    buckets: number,
    tzOffsetMinutes: number,
    now: Date,
  ): Promise<SegmentReportRow[]> {
    const rows: { local: string; count: string }[] = await this.dataSource.query(
      `WITH bounds AS (
         SELECT date_trunc($3, ($5::timestamptz AT TIME ZONE 'UTC') + make_interval(mins => $4)) AS last_local
       ), series AS (
         SELECT generate_series(last_local - ($6 - 1) * ('1 ' || $3)::interval, last_local, ('1 ' || $3)::interval) AS local
           FROM bounds
       ), counted AS (
         SELECT date_trunc($3, (bucket AT TIME ZONE 'UTC') + make_interval(mins => $4)) AS local, sum(count) AS count
           FROM integrations.segment_counts, bounds
          WHERE organisation_id = $1 AND kind = $2
            AND bucket >= ((last_local - ($6 - 1) * ('1 ' || $3)::interval - make_interval(mins => $4)) AT TIME ZONE 'UTC')
          GROUP BY 1
       )
       SELECT to_char(s.local, 'YYYY-MM-DD"T"HH24') AS local, coalesce(c.count, 0)::text AS count
         FROM series s LEFT JOIN counted c ON c.local = s.local ORDER BY s.local`,
      [organisationId, kind, unit, tzOffsetMinutes, now, buckets],
    );
    return rows.map((r) => ({
      date: r.local.slice(0, 10),
      hour: unit === 'hour' ? Number(r.local.slice(11, 13)) : null,
      count: Number(r.count),
    }));
  }
}
