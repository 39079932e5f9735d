import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../http/endpoint';

/**
 * What the browser needs to know of the deployment before anyone signs in (product decisions,
 * "Third-party pieces" and "Staff"): the support widget's script and the Sentry DSN, each null
 * when unset (then nothing third-party loads and nothing is sent), and the internal
 * organisation's domain, whose users do not see the widget.
 */
export const clientConfigSchema = z.object({
  support_widget_url: z.string().nullable(),
  error_reporting_dsn: z.string().nullable(),
  internal_domain: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** Public: the web app reads it once when it starts, signed in or not. */
export const clientConfigContract = defineEndpoint({
  service: 'auth',
  method: 'GET',
  path: '/accounts/client.config',
  access: 'public',
  request: emptyRequest,
  response: clientConfigSchema,
});
