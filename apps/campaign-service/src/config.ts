import {
  baseConfigSchema,
  mailConfigSchema,
  outboundAllowedHostsSchema,
  parseConfig,
} from '@meridian/server-kit';
import { z } from 'zod';

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
});
export type CampaignConfig = z.infer<typeof campaignConfigSchema>;

export const loadConfig = (env?: NodeJS.ProcessEnv): CampaignConfig => parseConfig(campaignConfigSchema, env);
