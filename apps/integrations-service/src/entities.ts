import { ConnectionEntity } from './modules/warehouse/connections/connection.entity';

/** Every entity of the integrations schema, for the data source. Add new ones at the end. */
export const integrationsEntities = [ConnectionEntity];
