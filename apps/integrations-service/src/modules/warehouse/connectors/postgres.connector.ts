import type { WarehouseHostGuard } from './host-guard';
import { connectPostgres } from './postgres-connect';
import { PostgresSession, queryError } from './postgres-session';
import type { WarehouseSession, WarehouseTarget, WarehouseTimeouts } from './warehouse-session';
import { ConnectionTestError, WarehouseError, stepMessages } from './warehouse.errors';

export interface PostgresConnectorOptions {
  timeouts: WarehouseTimeouts;
  extraCa?: readonly string[];
}

/** Postgres and Redshift (Redshift speaks the Postgres protocol; it listens on 5439 and needs TLS). */
export class PostgresConnector {
  constructor(
    private readonly guard: WarehouseHostGuard,
    private readonly options: PostgresConnectorOptions,
  ) {}

  async open(target: WarehouseTarget): Promise<WarehouseSession> {
    const dialect = target.typ === 'redshift' ? 'redshift' : 'postgres';
    const { connectMs, queryMs } = this.options.timeouts;
    const host = await this.guard.resolve(target.host_name, connectMs);
    const client = await connectPostgres(target, host, {
      connectTimeoutMs: connectMs,
      extraCa: this.options.extraCa,
    });
    const session = new PostgresSession(dialect, target.schema_name, client);
    try {
      // Each statement is bounded; and on Postgres the session cannot write, whatever the grants.
      await client.query(`SET statement_timeout = ${Math.max(1, Math.floor(queryMs))}`);
      if (dialect === 'postgres') await client.query('SET default_transaction_read_only = on');
    } catch (error) {
      await session.close();
      throw queryError(error);
    }
    return session;
  }

  /**
   * The connection test: every step of `open`, then the permission step: the user can use the
   * chosen schema, or (before one is chosen) at least one schema of the database.
   */
  async test(target: WarehouseTarget): Promise<void> {
    const session = await this.open(target);
    try {
      if (target.schema_name) {
        const rows = await session.query<{ ok: boolean | null }>(
          `SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = $1)
                  THEN has_schema_privilege($1, 'USAGE') END AS ok`,
          [target.schema_name],
        );
        if (rows[0]?.ok !== true) {
          const why =
            rows[0]?.ok === false
              ? `no USAGE on schema ${target.schema_name}`
              : `schema ${target.schema_name} does not exist`;
          throw new ConnectionTestError('permission', stepMessages.permission(target.user_name, why));
        }
      } else {
        const rows = await session.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_catalog.pg_namespace
            WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'
              AND has_schema_privilege(nspname, 'USAGE')`,
          [],
        );
        if ((rows[0]?.n ?? 0) === 0) {
          throw new ConnectionTestError(
            'permission',
            stepMessages.permission(
              target.user_name,
              `cannot use any schema of database ${target.database_name}`,
            ),
          );
        }
      }
    } catch (error) {
      if (error instanceof WarehouseError && error.code === 'WarehouseQueryFailedException') {
        throw new ConnectionTestError(
          'permission',
          stepMessages.permission(target.user_name, error.description ?? ''),
        );
      }
      throw error;
    } finally {
      await session.close();
    }
  }
}
