import {
  baseConfigSchema,
  credentialKeysSchema,
  outboundAllowedHostsSchema,
  parseConfig,
} from '@meridian/server-kit';
import { z } from 'zod';

export const integrationsConfigSchema = baseConfigSchema
  .extend({
    /**
     * Internal hosts a customer's warehouse may be at although they are loopback, private or
     * otherwise internal (the webhooks' rule): comma-separated host names, IPs and CIDR ranges.
     */
    OUTBOUND_ALLOWED_HOSTS: outboundAllowedHostsSchema,
    /**
     * Keys that seal stored credentials (AES-256-GCM): comma-separated `id:base64-of-32-bytes`. The
     * first seals; every one opens what it sealed, so rotation adds a new key in front and keeps
     * the old ones until everything is resealed. Required in production; local mode has a default.
     */
    CREDENTIALS_ENCRYPTION_KEYS: credentialKeysSchema.optional(),
    /** How long DNS, TCP, TLS and login together may take when a warehouse is reached. */
    WAREHOUSE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** How long one warehouse statement may run. */
    WAREHOUSE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(86_400_000).default(600_000),
    /** A PEM file of extra certificate authorities warehouse TLS trusts (a private CA, a cloud's RDS CA). */
    WAREHOUSE_EXTRA_CA_FILE: z.string().min(1).optional(),
    /**
     * The static IPs this deployment reaches warehouses from (the wizard's whitelist step):
     * comma-separated. The default is documentation addresses; set the egress addresses.
     */
    WHITELIST_IPS: z
      .string()
      .default('203.0.113.10,203.0.113.11')
      .transform((value) =>
        value
          .split(',')
          .map((ip) => ip.trim())
          .filter((ip) => ip !== ''),
      ),
    /** Rows a warehouse sync reads per page (keys and hashes, or rows past the cursor); a batch commits per page. */
    WAREHOUSE_SYNC_PAGE_ROWS: z.coerce.number().int().min(1).max(100_000).default(20_000),
    /**
     * How long a warehouse sync run works before it stops at its checkpoint and queues again behind
     * the jobs waiting meanwhile (other organisations' syncs), ms.
     */
    WAREHOUSE_SYNC_TURN_MS: z.coerce.number().int().min(1).max(86_400_000).default(60_000),
    /**
     * How long a Salesforce sync run works before it stops at its next checkpoint (a stored page,
     * a finished push round) and queues again behind the jobs waiting meanwhile, ms.
     */
    SALESFORCE_SYNC_TURN_MS: z.coerce.number().int().min(1).max(86_400_000).default(60_000),
    /** Jobs (syncs) one integrations process runs at once. */
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /**
     * Where every Snowflake connection goes instead of its account's host (a private gateway; a
     * local emulator in tests). Unset: https://<account>.snowflakecomputing.com.
     */
    SNOWFLAKE_ENDPOINT_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Where Salesforce logins start (spec 3 constants). */
    SALESFORCE_LOGIN_URL: z.url().default('https://login.salesforce.com'),
    /**
     * The connected app this deployment logs in to Salesforce as (OAuth web-server flow). Unset:
     * Salesforce cannot be connected and its tile is disabled.
     */
    SALESFORCE_CLIENT_ID: z.string().min(1).optional(),
    SALESFORCE_CLIENT_SECRET: z.string().min(1).optional(),
    /** The REST and Bulk API version spoken to Salesforce. */
    SALESFORCE_API_VERSION: z
      .string()
      .regex(/^[0-9]{2}\.0$/)
      .default('62.0'),
    /** Where the campaign service (the person fields' owner) is reached, with the caller's token. */
    CAMPAIGN_SERVICE_URL: z.url().default('http://127.0.0.1:3103'),
  })
  .superRefine((config, ctx) => {
    if (config.MERIDIAN_MODE === 'production' && !config.CREDENTIALS_ENCRYPTION_KEYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['CREDENTIALS_ENCRYPTION_KEYS'],
        message: 'is required in production mode',
      });
    }
  });
export type IntegrationsConfig = z.infer<typeof integrationsConfigSchema>;

export const loadConfig = (env?: NodeJS.ProcessEnv): IntegrationsConfig =>
  parseConfig(integrationsConfigSchema, env);
