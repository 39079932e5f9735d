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

/** The service's OpenAPI 3.1 document, generated from these contracts (public: it names no data). */
export const openApiDocumentSchema = z
  .object({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }) })
  .passthrough();

function openApiOf(service: ServiceName) {
  return defineEndpoint({
    service,
    method: 'GET',
    path: '/openapi.json',
    access: 'public',
    request: emptyRequest,
    response: openApiDocumentSchema,
  });
}

export const openApiContracts = {
  auth: openApiOf('auth'),
  integrations: openApiOf('integrations'),
  campaign: openApiOf('campaign'),
  reports: openApiOf('reports'),
};

function openApiPageOf(service: ServiceName) {
  return defineEndpoint({
    service,
    method: 'GET',
    path: '/docs',
    access: 'public',
    request: emptyRequest,
    response: z.string(),
    produces: 'text/html',
  });
}

/** The same document as an HTML page for people. */
export const openApiPageContracts = {
  auth: openApiPageOf('auth'),
  integrations: openApiPageOf('integrations'),
  campaign: openApiPageOf('campaign'),
  reports: openApiPageOf('reports'),
};
