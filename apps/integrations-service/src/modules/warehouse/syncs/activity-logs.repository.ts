import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ActivityType } from '@meridian/contracts';
import type { Transaction } from '@meridian/server-kit';
import { DataSource, type EntityManager } from 'typeorm';

export interface ActivityRow {
  id: string;
  activity_time: Date;
  activity_type: ActivityType;
  account_id: string | null;
  additional_info: { tables_added?: string[]; tables_edited?: string[]; error?: string | null };
}

/** A connection's activity log (spec 3): sync created, edited, paused, resumed. */
@Injectable()
export class ActivityLogsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private db(tx?: Transaction): EntityManager {
    return tx ? (tx as unknown as EntityManager) : this.dataSource.manager;
  }

  async add(
    tx: Transaction,
    entry: {
      organisationId: string;
      connectionId: string;
      type: ActivityType;
      accountId: string | null;
      info: ActivityRow['additional_info'];
    },
  ): Promise<void> {
    await this.db(tx).query(
      `INSERT INTO integrations.activity_logs (organisation_id, connection_id, activity_type, account_id, additional_info)
       VALUES ($1, $2, $3, $4, $5::jsonb)`,
      [entry.organisationId, entry.connectionId, entry.type, entry.accountId, JSON.stringify(entry.info)],
    );
  }

  async list(
    organisationId: string,
    connectionId: string,
    pageSize: number,
    pageNumber: number,
  ): Promise<{ rows: ActivityRow[]; total: number }> {
    const [{ total }] = (await this.db().query(
      `SELECT count(*)::int AS total FROM integrations.activity_logs WHERE organisation_id = $1 AND connection_id = $2`,
      [organisationId, connectionId],
    )) as [{ total: number }];
    const rows = (await this.db().query(
      `SELECT id, activity_time, activity_type, account_id, additional_info FROM integrations.activity_logs
       WHERE organisation_id = $1 AND connection_id = $2
       ORDER BY activity_time DESC, id DESC LIMIT $3 OFFSET $4`,
      [organisationId, connectionId, pageSize, (pageNumber - 1) * pageSize],
    )) as ActivityRow[];
    return { rows, total };
  }
}
