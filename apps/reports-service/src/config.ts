import { baseConfigSchema, parseConfig } from '@meridian/server-kit';
import type { z } from 'zod';

export const reportsConfigSchema = baseConfigSchema.extend({});
export type ReportsConfig = z.infer<typeof reportsConfigSchema>;

export const loadConfig = (env?: NodeJS.ProcessEnv): ReportsConfig => parseConfig(reportsConfigSchema, env);
