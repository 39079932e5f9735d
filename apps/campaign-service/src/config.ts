import { baseConfigSchema, parseConfig } from '@meridian/server-kit';
import type { z } from 'zod';

export const campaignConfigSchema = baseConfigSchema.extend({});
export type CampaignConfig = z.infer<typeof campaignConfigSchema>;

export const loadConfig = (env?: NodeJS.ProcessEnv): CampaignConfig => parseConfig(campaignConfigSchema, env);
