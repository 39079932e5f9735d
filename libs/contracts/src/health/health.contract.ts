import { z } from 'zod';
import { defineEndpoint, emptyRequest, type ServiceName } from '../http/endpoint';

export const componentStatusSchema = z.object({
  status: z.enum(['up', 'down']),
  detail: z.string().optional(),
});

export const healthResponseSchema = z.object({
  service: z.string(),
  status: z.enum(['up', 'down']),
  database: componentStatusSchema,
  events: componentStatusSchema.extend({ transport: z.enum(['postgres', 'kafka']) }),
  uptime_seconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

function healthOf(service: ServiceName) {
  return defineEndpoint({
    service,
    method: 'GET',
    path: '/health',
    access: 'public',
    request: emptyRequest,
    response: healthResponseSchema,
  });
}

export const healthContracts = {
  auth: healthOf('auth'),
  integrations: healthOf('integrations'),
  campaign: healthOf('campaign'),
  reports: healthOf('reports'),
};
