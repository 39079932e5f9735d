import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface StoredSalesforceLogin {
  tokens_sealed: Buffer | null;
  instance_url: string | null;
}

/** The OAuth login of a Salesforce connection: sealed tokens and where the org lives. */
@Injectable()
export class SalesforceTokensRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(organisationId: string, connectionId: string): Promise<StoredSalesforceLogin | null> {
    const rows: StoredSalesforceLogin[] = await this.dataSource.query(
      `SELECT tokens_sealed, instance_url FROM integrations.salesforce_connections
        WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
      [organisationId, connectionId],
    );
    return rows[0] ?? null;
  }

  async save(
    organisationId: string,
    connectionId: string,
    login: {
      tokensSealed: Buffer;
      instanceUrl: string;
      sfOrganizationId?: string | null;
      sfUserId?: string | null;
    },
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE integrations.salesforce_connections
          SET tokens_sealed = $3, instance_url = $4,
              sf_organization_id = COALESCE($5, sf_organization_id), sf_user_id = COALESCE($6, sf_user_id),
              time_updated = now()
        WHERE organisation_id = $1 AND id = $2 AND deleted_at IS NULL`,
      [
        organisationId,
        connectionId,
        login.tokensSealed,
        login.instanceUrl,
        login.sfOrganizationId ?? null,
        login.sfUserId ?? null,
      ],
    );
  }

  /** The refresh was refused (revoked, expired): the connection needs a new login. */
  async forget(organisationId: string, connectionId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE integrations.salesforce_connections SET tokens_sealed = NULL, time_updated = now()
        WHERE organisation_id = $1 AND id = $2`,
      [organisationId, connectionId],
    );
  }
}
