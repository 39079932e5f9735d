import { readFileSync } from 'node:fs';
import type { IntegrationsConfig } from '../../../config';
import { WarehouseHostGuard } from './host-guard';
import { PostgresConnector } from './postgres.connector';
import { WarehouseConnectors } from './warehouse-connectors';
import { SnowflakeConnector } from './snowflake.connector';

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
  const snowflake = new SnowflakeConnector(guard, { timeouts, endpointUrl: config.SNOWFLAKE_ENDPOINT_URL });
  return new WarehouseConnectors({ postgres, redshift: postgres, snowflake });
}
