import { baseConfigSchema, parseConfig } from '@meridian/server-kit';
import type { z } from 'zod';

export const integrationsConfigSchema = baseConfigSchema.extend({});
export type IntegrationsConfig = z.infer<typeof integrationsConfigSchema>;

export const loadConfig = (env?: NodeJS.ProcessEnv): IntegrationsConfig =>
  parseConfig(integrationsConfigSchema, env);
