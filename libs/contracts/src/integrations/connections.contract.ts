import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../http/endpoint';
import type { ErrorDefinition } from '../http/errors';
import { pageInfoSchema, pageRequestSchema } from '../http/pagination';
import {
  addConnectionIssues,
  checkConnectionValues,
  connectionErrors,
  connectionMessages,
  fieldMessage,
} from './connection-fields';
import {
  METADATA_FIELDS,
  WAREHOUSE_SYNC_VALID_INTERVALS,
  DEFAULT_SYNC_INTERVAL,
  serviceDescriptionSchema,
  warehouseTypeSchema,
} from './warehouse-services';

export * from './warehouse-services';
export * from './connection-fields';

const path = (p: string) => `/warehouse${p}`;

/**
 * The steps of a connection test, in the order they run. A failed test (a timeout included) answers
 * 400 with the step's code and a description naming what failed ('Could not resolve host ...').
 */
export const connectionTestStepSchema = z.enum(['dns', 'tcp', 'tls', 'auth', 'permission']);
export type ConnectionTestStep = z.infer<typeof connectionTestStepSchema>;

/** Error codes of the connections calls beyond `commonErrors`. Descriptions are filled per failure. */
export const connectionErrorCodes = {
  ConnectionDnsFailedException: { status: 400, description: 'Could not resolve the host' },
  ConnectionTcpFailedException: { status: 400, description: 'Could not connect to the host' },
  ConnectionTlsFailedException: { status: 400, description: 'Could not establish a secure connection' },
  ConnectionAuthFailedException: { status: 400, description: 'Authentication failed' },
  ConnectionPermissionFailedException: { status: 400, description: 'The user lacks a permission' },
  /** The host resolves to an internal address the operator has not allowed. */
  ConnectionHostRefusedException: { status: 400, description: 'This host is not allowed' },
  /** The warehouse answered a query with an error (a schema, table or column call). */
  WarehouseQueryFailedException: { status: 400, description: 'The warehouse refused the query' },
} as const satisfies Record<string, ErrorDefinition>;
export type ConnectionErrorCode = keyof typeof connectionErrorCodes;

export const connectionTestErrorCode: Record<ConnectionTestStep, ConnectionErrorCode> = {
  dns: 'ConnectionDnsFailedException',
  tcp: 'ConnectionTcpFailedException',
  tls: 'ConnectionTlsFailedException',
  auth: 'ConnectionAuthFailedException',
  permission: 'ConnectionPermissionFailedException',
};

/**
 * Spec 3 "Connection (warehouse)". The password is write-only and never in an answer.
 * `sync_interval` is an index into the keys of `warehouse_sync_valid_intervals`.
 */
export const warehouseConnectionSchema = z.object({
  id: z.string(),
  label: z.string(),
  typ: warehouseTypeSchema,
  host_name: z.string(),
  port: z.number().int().nullable(),
  database_name: z.string(),
  user_name: z.string(),
  /** Snowflake only; null elsewhere. */
  warehouse: z.string().nullable(),
  role: z.string().nullable(),
  schema_name: z.string().nullable(),
  error: z.string().nullable(),
  error_time: z.string().nullable(),
  time_last_synced: z.string().nullable(),
  sync_interval: z.number().int().nullable(),
  time_created: z.string(),
  time_updated: z.string(),
});
export type WarehouseConnection = z.infer<typeof warehouseConnectionSchema>;

/** Any id that is not one of the organisation's connections is a 404, malformed ones included. */
export const connectionIdSchema = z
  .string({ error: connectionMessages.notFound })
  .trim()
  .min(1, { error: connectionMessages.notFound })
  .max(64, { error: connectionMessages.notFound });

const text = z.string().nullish();
const editableShape = {
  label: text,
  host_name: text,
  // Every service with a port labels it 'Port'; the value's own checks run with the service's fields.
  port: z
    .union([z.number(), z.string()], { error: fieldMessage('Port', connectionErrors.notNumber) })
    .nullish(),
  database_name: text,
  user_name: text,
  password: text,
  warehouse: text,
  role: text,
};

/** Create: all of the service's required fields; the connection is tested before it is stored. */
export const connectionCreateRequestSchema = z
  .object({
    typ: z.enum(warehouseTypeSchema.options, { error: connectionMessages.platformRequired }),
    ...editableShape,
  })
  .transform((input, ctx) => {
    const { values, errors } = checkConnectionValues(input.typ, input, 'create');
    if (Object.keys(errors).length > 0) {
      addConnectionIssues(errors, ctx);
      return z.NEVER;
    }
    return { typ: input.typ, ...values };
  });

/**
 * Update: only changed fields are sent and an empty password is omitted (spec 5). The fields are
 * checked against the connection's service on the server, which knows its `typ`. When any field
 * that reaches the warehouse changes, the connection is tested again before it is stored.
 */
export const connectionUpdateRequestSchema = z.object({
  connection_id: connectionIdSchema,
  ...editableShape,
});

const connectionAnswer = z.object({ connection: warehouseConnectionSchema });

export const warehouseConnectionCreateContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/connection/create'),
  access: 'bearer',
  request: connectionCreateRequestSchema,
  response: connectionAnswer,
});

export const warehouseConnectionUpdateContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/connection/update'),
  access: 'bearer',
  request: connectionUpdateRequestSchema,
  response: connectionAnswer,
});

/** Wizard step 3: the schema the syncs read from; it must exist in the warehouse. */
export const warehouseSchemaSetContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/connection/schema.set'),
  access: 'bearer',
  request: z.object({
    connection_id: connectionIdSchema,
    schema_name: z
      .string({ error: connectionMessages.schemaRequired })
      .trim()
      .min(1, { error: connectionMessages.schemaRequired })
      .max(255),
  }),
  response: connectionAnswer,
});

export const warehouseConnectionListContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/connection/list'),
  access: 'bearer',
  request: pageRequestSchema,
  response: pageInfoSchema.extend({ connections: z.array(warehouseConnectionSchema) }),
});

/** One connection, for the detail page. */
export const warehouseConnectionGetContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/connection/get'),
  access: 'bearer',
  request: z.object({ connection_id: connectionIdSchema }),
  response: connectionAnswer,
});

/** The static IPs the warehouse must allow (wizard step 1, 'redshift' only). */
export const warehouseWhitelistIpListContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/connection/whitelist_ip.list'),
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ whitelist_ips: z.array(z.string()) }),
});

const connectionOnly = z.object({ connection_id: connectionIdSchema });

export const warehouseSourceSchemaListContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/source/schema.list'),
  access: 'bearer',
  request: connectionOnly,
  response: z.object({ schemas: z.array(z.string()) }),
});

/** Tables and views of the connection's schema (schema.set first). */
export const warehouseSourceTableListContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/source/table.list'),
  access: 'bearer',
  request: connectionOnly,
  response: z.object({
    schema_name: z.string(),
    tables: z.array(z.object({ table_name: z.string(), table_type: z.enum(['table', 'view']) })),
  }),
});

/**
 * A source column: its warehouse type as the warehouse names it (`data_type`) and the person field
 * type it maps to (`type`), which the mapping panel offers for custom columns.
 */
export const sourceColumnSchema = z.object({
  column_name: z.string(),
  data_type: z.string(),
  type: z.enum(['string', 'boolean', 'integer', 'float', 'datetime']),
  nullable: z.boolean(),
});
export type SourceColumn = z.infer<typeof sourceColumnSchema>;

export const warehouseSourceColumnListContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/source/column.list'),
  access: 'bearer',
  request: connectionOnly.extend({
    table_name: z
      .string({ error: connectionMessages.tableRequired })
      .trim()
      .min(1, { error: connectionMessages.tableRequired })
      .max(255),
  }),
  response: z.object({ table_name: z.string(), columns: z.array(sourceColumnSchema) }),
});

/** Spec 3 "Constants from server". */
export const integrationConstantsSchema = z.object({
  warehouse_types: z.array(serviceDescriptionSchema),
  warehouse_sync_valid_intervals: z.record(z.string(), z.number().int()),
  default_sync_interval: z.string(),
  metadata_fields: z.array(z.string()),
  salesforce_login_url: z.string(),
  /** A Salesforce connected app is configured: false disables the Salesforce tile. */
  salesforce_enabled: z.boolean(),
  /** Shown above the IPs on the whitelist step. */
  whitelist_note: z.string(),
});
export type IntegrationConstants = z.infer<typeof integrationConstantsSchema>;

export const WHITELIST_NOTE =
  'Allow connections from these IP addresses in your warehouse firewall or security group before you continue';
export const constantDefaults = {
  warehouse_sync_valid_intervals: WAREHOUSE_SYNC_VALID_INTERVALS,
  default_sync_interval: DEFAULT_SYNC_INTERVAL,
  metadata_fields: [...METADATA_FIELDS],
};

export const integrationConstantsContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: '/generic/constants.authenticated',
  access: 'bearer',
  request: emptyRequest,
  response: integrationConstantsSchema,
});

/** Spec 3 "Connection (unified list)" sources; 'postgres' is ours. */
export const connectionSourceSchema = z.enum([
  'salesforce',
  'segment',
  'snowflake',
  'redshift',
  'postgres',
  'hubspot',
]);
export const connectionStatusSchema = z.enum(['active', 'paused', 'disabled']);

/**
 * Spec 3 "Connection (unified list)": every kind of connection in one shape. Warehouse rows come
 * first; Salesforce and Segment rows join later. Fields that do not apply to a kind are null.
 * `access_token` says whether a CRM token is held (the token itself never leaves the server).
 * `sync_interval` is the interval key ('1h'); `status` is 'paused' when the sync stopped on an
 * error or by hand, 'active' when it runs, 'disabled' when it is not set up.
 */
export const unifiedConnectionSchema = z.object({
  connection_id: z.string(),
  name: z.string(),
  source: connectionSourceSchema,
  status: connectionStatusSchema,
  data_type: z.enum(['warehouse', 'CRM', 'events']),
  connected_tables: z.number().int(),
  sync_interval: z.string().nullable(),
  last_sync_time: z.string().nullable(),
  synced_contact: z.number().int(),
  synced_lead: z.number().int(),
  is_sync_enabled: z.boolean(),
  is_sync_active: z.boolean(),
  access_token: z.boolean(),
  instance_url: z.string().nullable(),
  next_schedule_time: z.string().nullable(),
  last_synced_time: z.string().nullable(),
  error: z.string().nullable(),
  error_time: z.string().nullable(),
  time_created: z.string(),
});
export type UnifiedConnection = z.infer<typeof unifiedConnectionSchema>;

export const connectionsListContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: '/generic/connections.list',
  access: 'bearer',
  request: pageRequestSchema,
  response: pageInfoSchema.extend({ connections: z.array(unifiedConnectionSchema) }),
});
