import { readFileSync } from 'node:fs';
import type { IntegrationsConfig } from '../../../config';
import { WarehouseHostGuard } from './host-guard';
import { PostgresConnector } from './postgres.connector';
import { WarehouseConnectors } from './warehouse-connectors';
import type { WarehouseConnector } from './warehouse-session';
import { ConnectionTestError } from './warehouse.errors';

/** Until the Snowflake connector lands, a Snowflake connection fails its test at the first step. */
const snowflakePending: WarehouseConnector = {
  open: () => Promise.reject(new ConnectionTestError('tcp', 'Snowflake connections are not available yet')),
  test: () => Promise.reject(new ConnectionTestError('tcp', 'Snowflake connections are not available yet')),
};

/** The connectors of every warehouse type, under the deployment's SSRF rules and timeouts. */
export function createWarehouseConnectors(config: IntegrationsConfig): WarehouseConnectors {
  const guard = new WarehouseHostGuard(config.OUTBOUND_ALLOWED_HOSTS);
  const timeouts = {
    connectMs: config.WAREHOUSE_CONNECT_TIMEOUT_MS,
    queryMs: config.WAREHOUSE_QUERY_TIMEOUT_MS,
  };
  const extraCa = config.WAREHOUSE_EXTRA_CA_FILE
    ? [readFileSync(config.WAREHOUSE_EXTRA_CA_FILE, 'utf8')]
    : [];
  const postgres = new PostgresConnector(guard, { timeouts, extraCa });
  return new WarehouseConnectors({ postgres, redshift: postgres, snowflake: snowflakePending });
}
