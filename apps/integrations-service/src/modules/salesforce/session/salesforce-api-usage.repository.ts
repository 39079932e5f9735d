import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface ApiUsage {
  day: string;
  calls: number;
  deferred_calls: number;
}

const TODAY = `(now() AT TIME ZONE 'UTC')::date`;

/** Salesforce API calls per organisation per UTC day. */
@Injectable()
export class SalesforceApiUsageRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Grants up to `wanted` calls while today's count stays within `allowance`; what is not granted
   * is counted as deferred. The row lock makes concurrent takers share one allowance exactly.
   */
  async take(organisationId: string, allowance: number, wanted: number): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO integrations.salesforce_api_usage (organisation_id, day) VALUES ($1, ${TODAY})
         ON CONFLICT DO NOTHING`,
        [organisationId],
      );
      const [row]: Array<{ calls: number }> = await manager.query(
        `SELECT calls FROM integrations.salesforce_api_usage
          WHERE organisation_id = $1 AND day = ${TODAY} FOR UPDATE`,
        [organisationId],
      );
      const granted = Math.max(0, Math.min(wanted, allowance - (row?.calls ?? 0)));
      await manager.query(
        `UPDATE integrations.salesforce_api_usage
            SET calls = calls + $2, deferred_calls = deferred_calls + $3
          WHERE organisation_id = $1 AND day = ${TODAY}`,
        [organisationId, granted, wanted - granted],
      );
      return granted;
    });
  }

  /** Counts calls made outside the gate (a login, a describe during setup). */
  async add(organisationId: string, calls: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO integrations.salesforce_api_usage AS u (organisation_id, day, calls) VALUES ($1, ${TODAY}, $2)
       ON CONFLICT (organisation_id, day) DO UPDATE SET calls = u.calls + EXCLUDED.calls`,
      [organisationId, calls],
    );
  }

  async today(organisationId: string): Promise<ApiUsage> {
    const rows: ApiUsage[] = await this.dataSource.query(
      `SELECT ${TODAY}::text AS day, COALESCE(MAX(calls), 0)::int AS calls,
              COALESCE(MAX(deferred_calls), 0)::int AS deferred_calls
         FROM integrations.salesforce_api_usage WHERE organisation_id = $1 AND day = ${TODAY}`,
      [organisationId],
    );
    return rows[0];
  }

  /** Today's allowance: `max_allocated`, capped by the org's DailyApiRequests when known. */
  async allowance(organisationId: string, connectionId: string): Promise<number> {
    const rows: Array<{ allowance: number }> = await this.dataSource.query(
      `SELECT LEAST(max_allocated, COALESCE(org_daily_max, max_allocated))::int AS allowance
         FROM integrations.salesforce_connections
        WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
      [organisationId, connectionId],
    );
    return rows[0]?.allowance ?? 0;
  }
}
