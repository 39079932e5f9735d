import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * The per-organisation token bucket in Postgres: every worker process takes from the same row,
 * so the rate holds however many workers send for the organisation. The bucket holds at most one
 * second of sending and refills continuously.
 */
@Injectable()
export class SendRateRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Takes up to `wanted` tokens; returns how many were granted (0 when the bucket is empty). */
  async take(organisationId: string, perSecond: number, wanted: number): Promise<number> {
    // One statement: the row lock serialises concurrent takers, and every SET expression reads
    // the row as it was, so `granted` and `tokens` agree.
    const rows = (await this.db.query(
      `INSERT INTO campaign.send_rate_buckets AS b (organisation_id, tokens, refilled_at, granted)
       VALUES ($1, $2::float8 - least($3, $2)::float8, clock_timestamp(), least($3, $2))
       ON CONFLICT (organisation_id) DO UPDATE SET
         granted = least($3, floor(least($2::float8,
           b.tokens + extract(epoch FROM clock_timestamp() - b.refilled_at) * $2)))::int,
         tokens = least($2::float8, b.tokens + extract(epoch FROM clock_timestamp() - b.refilled_at) * $2)
           - least($3, floor(least($2::float8,
               b.tokens + extract(epoch FROM clock_timestamp() - b.refilled_at) * $2))),
         refilled_at = clock_timestamp()
       RETURNING granted`,
      [organisationId, perSecond, wanted],
    )) as { granted: number }[];
    return Math.max(0, rows[0]?.granted ?? 0);
  }
}
