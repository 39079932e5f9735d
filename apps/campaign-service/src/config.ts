import { baseConfigSchema, mailConfigSchema, parseConfig } from '@meridian/server-kit';
import { z } from 'zod';

/** The base settings, the mail settings (test sends; later campaign mail), and the campaign service's own. */
export const campaignConfigSchema = baseConfigSchema.extend(mailConfigSchema.shape).extend({
  /** Where uploaded CSV files are kept, one folder per organisation. */
  UPLOAD_DIR: z.string().min(1).default('.data/uploads'),
  /** Largest accepted upload. */
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(200 * 1024 * 1024),
});
export type CampaignConfig = z.infer<typeof campaignConfigSchema>;

export const loadConfig = (env?: NodeJS.ProcessEnv): CampaignConfig => parseConfig(campaignConfigSchema, env);
