import { baseConfigSchema, parseConfig } from '@meridian/server-kit';
import type { z } from 'zod';

export const authConfigSchema = baseConfigSchema.extend({});
export type AuthConfig = z.infer<typeof authConfigSchema>;

export const loadConfig = (env?: NodeJS.ProcessEnv): AuthConfig => parseConfig(authConfigSchema, env);
