import {
  baseConfigSchema,
  credentialKeysSchema,
  mailConfigSchema,
  outboundAllowedHostsSchema,
  parseConfig,
} from '@meridian/server-kit';
import { z } from 'zod';
import { scannerNetworks } from './modules/delivery/tracking/scanner-detection';

/** The base settings, the mail settings (test sends; later campaign mail), and the campaign service's own. */
export const campaignConfigSchema = baseConfigSchema.extend(mailConfigSchema.shape).extend({
  /** Where uploaded CSV files are kept, one folder per organisation. */
  UPLOAD_DIR: z.string().min(1).default('.data/uploads'),
  /** Largest accepted upload. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  /** In local mode every organisation may send from this domain (mail goes to the local capture). */
  DEMO_SENDER_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name')
    .default('demo.meridian.dev'),
  /**
   * Internal hosts outbound calls (webhooks) may reach although they are loopback, private or
   * otherwise internal: comma-separated host names, IP addresses and CIDR ranges. Empty: none.
   */
  OUTBOUND_ALLOWED_HOSTS: outboundAllowedHostsSchema,
  /** Worker threads that render personalisation (emails, token previews and checks, webhook payloads). */
  RENDER_WORKERS: z.coerce.number().int().min(1).max(32).default(2),
  /** Local mode only: the demo organisation gets a generated data set when it is created, unless 'false'. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** The domain that names the demo organisation in the organisationCreated event (the auth seed's). */
  DEMO_ORGANISATION_DOMAIN: z.string().trim().toLowerCase().min(1).default('demo.meridian.dev'),
  /** Render jobs one organisation may have waiting; more are refused with a 429 until some finish. */
  RENDER_QUEUE_PER_ORGANISATION: z.coerce.number().int().min(1).max(10_000).default(20),
  /**
   * What this replica does: 'all' serves HTTP and runs the job workers (local default); 'http'
   * serves HTTP only (it still enqueues); 'worker' runs the jobs (campaign runs, sends, imports)
   * and answers only its health check. One image, the role picked per Deployment.
   */
  SERVICE_ROLE: z.enum(['all', 'http', 'worker']).default('all'),
  /**
   * Networks of mail security gateways whose opens and clicks are not a person's: comma-separated
   * IP addresses and CIDR ranges (`198.51.100.0/24, 2001:db8::/32`). Empty: none.
   */
  TRACKING_SCANNER_CIDRS: z
    .string()
    .trim()
    .default('')
    .superRefine((value, ctx) => {
      try {
        scannerNetworks(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  /** Opens and clicks wait at most this long before they are written together. */
  TRACKING_FLUSH_MS: z.coerce.number().int().min(1).max(60_000).default(250),
  /** ...or until this many are waiting. */
  TRACKING_FLUSH_ITEMS: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  /**
   * Opens and clicks kept waiting at most, in memory: past this (a flood of pixel fetches faster
   * than the database takes them, or a database away) further hits are answered and not recorded,
   * counted in the log, so a flood cannot grow the process without bound.
   */
  TRACKING_MAX_PENDING: z.coerce.number().int().min(1).max(5_000_000).default(200_000),
  /** Jobs (campaign runs, sends, imports) one worker process runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * How long a run's batch job walks persons before it goes back to the end of the job queue, so
   * other campaigns' runs waiting for a job slot take their turns (ms).
   */
  RUN_TURN_MS: z.coerce.number().int().min(1).max(3_600_000).default(5_000),
  /** Campaign mails one organisation may send per second, across every worker process. */
  SEND_RATE_PER_ORGANISATION: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  /** Kept-open SMTP connections of campaign sending (one pool per process, reused by every batch). */
  SEND_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(100).default(5),
  /**
   * The host suffix an SNS SigningCertURL must have (https only). Amazon's by default; a test
   * serving its own certificate on loopback names its host here.
   */
  SNS_CERT_HOST_SUFFIX: z.string().trim().toLowerCase().min(1).default('amazonaws.com'),
  /** A PEM file of extra certificate authorities the SNS certificate fetch trusts (a private CA). */
  SNS_EXTRA_CA_FILE: z.string().min(1).optional(),
  /**
   * Keys that seal stored third-party secrets (webhook headers): `id:base64` of 32 bytes, the first
   * seals, all open. Local mode falls back to the public development key; production needs its own.
   */
  CREDENTIALS_ENCRYPTION_KEYS: credentialKeysSchema.optional(),
});
export type CampaignConfig = z.infer<typeof campaignConfigSchema>;

/** The settings, with what production mode requires on top. */
const campaignSettingsSchema = campaignConfigSchema.superRefine((config, ctx) => {
  if (config.MERIDIAN_MODE === 'production' && !config.CREDENTIALS_ENCRYPTION_KEYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['CREDENTIALS_ENCRYPTION_KEYS'],
      message: 'is required in production mode',
    });
  }
});

export const loadConfig = (env?: NodeJS.ProcessEnv): CampaignConfig =>
  parseConfig(campaignSettingsSchema, env);
