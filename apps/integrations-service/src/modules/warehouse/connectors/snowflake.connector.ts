import { isIP } from 'node:net';
import snowflake, { type Connection } from 'snowflake-sdk';
import type { WarehouseHostGuard } from './host-guard';
import { SnowflakeSession } from './snowflake-session';
import { listSchemas } from './source-catalog';
import {
  type WarehouseConnector,
  type WarehouseSession,
  type WarehouseTarget,
  type WarehouseTimeouts,
  quoteIdentifier,
} from './warehouse-session';
import { ConnectionTestError, WarehouseError, seconds, stepMessages } from './warehouse.errors';

// The driver logs to the console by default; credentials must never reach a log.
snowflake.configure({ logLevel: 'OFF' });

export interface SnowflakeConnectorOptions {
  timeouts: WarehouseTimeouts;
  /**
   * SNOWFLAKE_ENDPOINT_URL: where every Snowflake connection goes instead of its account's host
   * (a private gateway, or a local emulator in tests). Set by the operator, so not SSRF-checked.
   */
  endpointUrl?: string;
}

const SNOWFLAKE_HOST = /\.snowflakecomputing\.(com|cn)$/i;
const ACCOUNT = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){0,3}$/;
const TCP_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ECONNRESET']);

/**
 * Snowflake through snowflake-sdk. `host_name` is the account identifier (`xy12345.eu-west-1`)
 * or the account's host under snowflakecomputing.com; the host is checked by the SSRF rules
 * (a customer cannot point it elsewhere: any other name is an account under Snowflake's domain).
 */
export class SnowflakeConnector implements WarehouseConnector {
  constructor(
    private readonly guard: WarehouseHostGuard,
    private readonly options: SnowflakeConnectorOptions,
  ) {}

  async open(target: WarehouseTarget): Promise<WarehouseSession> {
    const { connectMs, queryMs } = this.options.timeouts;
    const endpoint = this.endpointOf(target.host_name);
    if (!this.options.endpointUrl) await this.guard.resolve(endpoint.host, connectMs);
    const connection = snowflake.createConnection({
      account: endpoint.account,
      accessUrl: endpoint.url,
      username: target.user_name,
      password: target.password,
      database: target.database_name,
      ...(target.schema_name ? { schema: target.schema_name } : {}),
      ...(target.warehouse ? { warehouse: target.warehouse } : {}),
      ...(target.role ? { role: target.role } : {}),
      fetchAsString: ['Number'],
      representNullAsStringNull: false,
      sfRetryMaxLoginRetries: 1,
      timeout: connectMs,
    });
    await this.connect(connection, endpoint.host, target.user_name, connectMs);
    return new SnowflakeSession(target.schema_name, connection, queryMs);
  }

  /** Every step of `open`, then the permission step: the warehouse and role can be used, and a schema. */
  async test(target: WarehouseTarget): Promise<void> {
    const session = await this.open(target);
    const denied = (why: string) =>
      new ConnectionTestError('permission', stepMessages.permission(target.user_name, why));
    try {
      if (target.warehouse) {
        await session
          .query(`USE WAREHOUSE ${quoteIdentifier(target.warehouse)}`, [])
          .catch((error: WarehouseError) => {
            throw denied(`cannot use warehouse ${target.warehouse}: ${error.description ?? ''}`);
          });
      }
      const schemas = await listSchemas(session).catch((error: WarehouseError) => {
        throw denied(error.description ?? 'cannot read the database catalog');
      });
      if (target.schema_name && !schemas.includes(target.schema_name)) {
        throw denied(`cannot use schema ${target.schema_name}`);
      }
      if (schemas.length === 0) throw denied(`cannot use any schema of database ${target.database_name}`);
    } finally {
      await session.close();
    }
  }

  private endpointOf(hostName: string): { url: string; host: string; account: string } {
    const account = hostName.split('.')[0]!;
    if (this.options.endpointUrl) {
      return { url: this.options.endpointUrl, host: new URL(this.options.endpointUrl).hostname, account };
    }
    if (SNOWFLAKE_HOST.test(hostName)) return { url: `https://${hostName}`, host: hostName, account };
    if (ACCOUNT.test(hostName) && isIP(hostName) === 0) {
      const host = `${hostName}.snowflakecomputing.com`;
      return { url: `https://${host}`, host, account };
    }
    throw new ConnectionTestError(
      'dns',
      `${hostName} is neither a Snowflake account identifier nor a snowflakecomputing.com host`,
    );
  }

  private async connect(
    connection: Connection,
    host: string,
    user: string,
    timeoutMs: number,
  ): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        connection.destroy(() => undefined);
        reject(
          new ConnectionTestError(
            'tcp',
            `${host} did not complete the login within ${seconds(timeoutMs)} seconds`,
          ),
        );
      }, timeoutMs);
    });
    const connected = new Promise<void>((resolve, reject) => {
      connection.connect((error) => (error ? reject(classify(error, host, user)) : resolve()));
    });
    try {
      await Promise.race([connected, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Maps a driver login error to its step. Driver messages hold no password. */
function classify(error: Error, host: string, user: string): ConnectionTestError {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = String((error as { code?: unknown }).code ?? '');
  const causeCode = cause?.code ?? '';
  if (TCP_CODES.has(causeCode) || /ECONNREFUSED|EHOSTUNREACH|ENETUNREACH/.test(error.message)) {
    return new ConnectionTestError('tcp', `Could not connect to ${host}: ${cause?.message ?? error.message}`);
  }
  if (/CERT|TLS|SSL/i.test(causeCode) || /certificate|TLS|SSL/i.test(cause?.message ?? '')) {
    return new ConnectionTestError('tls', stepMessages.tls(host, cause?.message ?? error.message));
  }
  if (code.startsWith('39') || code === '401001' || /password|authenticat|login/i.test(error.message)) {
    return new ConnectionTestError('auth', stepMessages.auth(user, error.message));
  }
  return new ConnectionTestError('auth', stepMessages.auth(user, error.message));
}
