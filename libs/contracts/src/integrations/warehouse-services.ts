import { z } from 'zod';

/**
 * The warehouse services a connection can be made to, and how each one's connection form reads
 * (spec 3 "Service description": name, client_id, fields with label and placeholder). The form,
 * its validation messages ('{label} {error}') and the server's checks all read this one table.
 */
export const warehouseTypeSchema = z.enum(['redshift', 'postgres', 'snowflake']);
export type WarehouseType = z.infer<typeof warehouseTypeSchema>;

/** Spec 9: the warehouse client id; the whitelist step of the wizard shows only for it. */
export const WAREHOUSE_CLIENT_ID = 'redshift';

/** The form fields a service may have, in the order the form shows them. */
export const connectionFieldKeys = [
  'host_name',
  'port',
  'database_name',
  'user_name',
  'password',
  'warehouse',
  'role',
] as const;
export const connectionFieldKeySchema = z.enum(connectionFieldKeys);
export type ConnectionFieldKey = z.infer<typeof connectionFieldKeySchema>;

export const serviceFieldSchema = z.object({
  label: z.string(),
  placeholder: z.string(),
  /** Optional fields (Snowflake's warehouse and role) may be left empty. */
  required: z.boolean(),
});
export type ServiceField = z.infer<typeof serviceFieldSchema>;

export const serviceDescriptionSchema = z.object({
  name: z.string(),
  client_id: warehouseTypeSchema,
  /** A service without `port` has no port field; without `password`, no password. */
  fields: z.partialRecord(connectionFieldKeySchema, serviceFieldSchema),
});
export type ServiceDescription = z.infer<typeof serviceDescriptionSchema>;

const required = (label: string, placeholder: string): ServiceField => ({
  label,
  placeholder,
  required: true,
});
const optional = (label: string, placeholder: string): ServiceField => ({
  label,
  placeholder,
  required: false,
});

/** The label of the connection's own name, shared by every service. */
export const CONNECTION_LABEL_FIELD: ServiceField = required('Connection Name', 'My warehouse');

/** Redshift speaks the Postgres protocol; it listens on 5439 and requires TLS. */
export const REDSHIFT_DEFAULT_PORT = 5439;
export const POSTGRES_DEFAULT_PORT = 5432;

export const warehouseServices: Record<WarehouseType, ServiceDescription> = {
  redshift: {
    name: 'Redshift',
    client_id: 'redshift',
    fields: {
      host_name: required('Host', 'examplecluster.abc123xyz789.us-west-1.redshift.amazonaws.com'),
      port: required('Port', String(REDSHIFT_DEFAULT_PORT)),
      database_name: required('Database', 'dev'),
      user_name: required('Username', 'awsuser'),
      password: required('Password', 'Enter password'),
    },
  },
  postgres: {
    name: 'Postgres',
    client_id: 'postgres',
    fields: {
      host_name: required('Host', 'db.example.com'),
      port: required('Port', String(POSTGRES_DEFAULT_PORT)),
      database_name: required('Database', 'analytics'),
      user_name: required('Username', 'readonly_user'),
      password: required('Password', 'Enter password'),
    },
  },
  snowflake: {
    name: 'Snowflake',
    client_id: 'snowflake',
    fields: {
      // The account identifier, or the account's full host name.
      host_name: required('Account', 'xy12345.eu-west-1'),
      database_name: required('Database', 'ANALYTICS'),
      user_name: required('Username', 'READONLY_USER'),
      password: required('Password', 'Enter password'),
      warehouse: optional('Warehouse', 'COMPUTE_WH'),
      role: optional('Role', 'ANALYST'),
    },
  },
};

/** The services in the order the constants list them (the dialog's tiles follow it). */
export const warehouseServiceList: ServiceDescription[] = [
  warehouseServices.snowflake,
  warehouseServices.redshift,
  warehouseServices.postgres,
];

export function serviceHasField(typ: WarehouseType, key: ConnectionFieldKey): boolean {
  return warehouseServices[typ].fields[key] !== undefined;
}

/**
 * Spec 9 "Sync": the valid intervals, a map of key to minutes, in order; a connection's
 * `sync_interval` is an index into its keys. The default is '1h'.
 */
export const WAREHOUSE_SYNC_VALID_INTERVALS = {
  '15m': 15,
  '30m': 30,
  '1h': 60,
  '3h': 180,
  '6h': 360,
  '12h': 720,
  '24h': 1440,
} as const satisfies Record<string, number>;
export type SyncIntervalKey = keyof typeof WAREHOUSE_SYNC_VALID_INTERVALS;
export const DEFAULT_SYNC_INTERVAL: SyncIntervalKey = '1h';
export const syncIntervalKeys = Object.keys(WAREHOUSE_SYNC_VALID_INTERVALS) as SyncIntervalKey[];

/** The key a stored interval index stands for; null when unset or out of range. */
export function syncIntervalKeyAt(index: number | null | undefined): SyncIntervalKey | null {
  if (index === null || index === undefined) return null;
  return syncIntervalKeys[index] ?? null;
}

/** The index stored for an interval key. */
export function syncIntervalIndexOf(key: SyncIntervalKey): number {
  return syncIntervalKeys.indexOf(key);
}

/** Spec 3: the person metadata fields the constants call lists. */
export const METADATA_FIELDS = [
  'sfdc_lead_id',
  'sfdc_account_id',
  'sfdc_opportunity_id',
  'sfdc_contact_id',
  'personal_email',
  'account_domain',
  'internal_account_id',
] as const;
