import {
  baseConfigSchema,
  DEFAULT_TRUSTED_PROXIES,
  mailConfigSchema,
  outboundAllowedHostsSchema,
  parseConfig,
} from '@meridian/server-kit';
import { isSupportWidgetUrl, parseSentryDsn } from '@meridian/contracts';
import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((value) => value === 'true');

/** The base settings, the mail settings (MAIL_FROM is the sender of account mails), and the auth service's own. */
export const authConfigSchema = baseConfigSchema.extend(mailConfigSchema.shape).extend({
  /** How long a login session lives. */
  SESSION_TTL_HOURS: positiveInt(24 * 7),
  /** How long an impersonation session lives. */
  IMPERSONATION_TTL_MINUTES: positiveInt(60),
  /** Domain of the internal organisation, whose accounts are internal staff. */
  INTERNAL_ORG_DOMAIN: z.string().min(1).default('meridian.internal'),
  INTERNAL_ORG_NAME: z.string().min(1).default('Meridian'),
  /** Local mode only: seed the demo organisation and a staff account on start unless 'false'. */
  SEED_DEMO: flag('true'),
  DEMO_ADMIN_EMAIL: z.email().default('admin@demo.meridian.dev'),
  DEMO_ADMIN_PASSWORD: z.string().min(6).default('meridian-demo'),
  DEMO_STAFF_EMAIL: z.email().default('staff@meridian.internal'),
  DEMO_STAFF_PASSWORD: z.string().min(6).default('meridian-staff'),
  /**
   * Proxies whose X-Forwarded-For names the client (the login limits count per client address):
   * comma-separated IPs, CIDRs or `loopback`, or a number of hops. Default: the local gateway.
   */
  TRUSTED_PROXIES: z
    .string()
    .trim()
    .min(1)
    .default(DEFAULT_TRUSTED_PROXIES)
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : value)),
  /** Login rate limit: failures allowed per email and per client address within the window. */
  LOGIN_MAX_FAILURES_PER_EMAIL: positiveInt(10),
  LOGIN_MAX_FAILURES_PER_IP: positiveInt(30),
  LOGIN_FAILURE_WINDOW_MINUTES: positiveInt(15),
  /**
   * Beyond LOGIN_MAX_FAILURES_PER_EMAIL failures for an email from all addresses together, each
   * login for it waits this much more per failure, up to the maximum (a slowdown, never a lock).
   */
  LOGIN_THROTTLE_STEP_MS: z.coerce.number().int().min(0).default(500),
  LOGIN_THROTTLE_MAX_DELAY_MS: z.coerce.number().int().min(0).default(5000),
  /** Password reset mails allowed per email and per client address within the same window. */
  PASSWORD_RESET_MAX_PER_WINDOW: positiveInt(5),
  /** Lifetimes of the links mailed to users. */
  VERIFY_EMAIL_TTL_HOURS: positiveInt(72),
  PASSWORD_CREATE_TTL_HOURS: positiveInt(24 * 7),
  PASSWORD_RESET_TTL_MINUTES: positiveInt(60),
  /** SAML: how long an AuthnRequest may be answered, the one-time login code's life, and clock skew allowed. */
  SAML_REQUEST_TTL_MINUTES: positiveInt(10),
  SAML_LOGIN_CODE_TTL_SECONDS: positiveInt(120),
  /** Internal hosts an identity provider metadata URL may point at (SSRF-safe client; public ones always). */
  OUTBOUND_ALLOWED_HOSTS: outboundAllowedHostsSchema,
  SAML_CLOCK_SKEW_SECONDS: z.coerce.number().int().min(0).default(60),
  /**
   * Third parties the web app may reach, served to it by `client.config`; unset, nothing
   * third-party loads and nothing is sent. The support widget's script, for users outside the
   * internal organisation:
   */
  SUPPORT_WIDGET_URL: z
    .string()
    .refine(isSupportWidgetUrl, { error: 'must be an https:// script URL without credentials' })
    .optional(),
  /** The Sentry project the web app reports server errors and crashes to (its public DSN). */
  SENTRY_DSN: z
    .string()
    .refine((value) => parseSentryDsn(value) !== null, {
      error: 'must be a public Sentry DSN: https://<public key>@<host>/<project id>, without a secret key',
    })
    .optional(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const loadConfig = (env?: NodeJS.ProcessEnv): AuthConfig => parseConfig(authConfigSchema, env);
