import * as contracts from '@meridian/contracts';
import {
  type Endpoint,
  errorBodySchema,
  openApiContracts,
  SERVICE_PREFIX,
  type ServiceName,
} from '@meridian/contracts';
import { z } from 'zod';

/** Every endpoint contract in `libs/contracts` served by `service`, in path order. */
export function endpointsOf(service: ServiceName): Endpoint[] {
  const found = new Map<string, Endpoint>();
  const isEndpoint = (value: unknown): value is Endpoint => {
    const e = value as Partial<Endpoint> | null;
    return !!e && typeof e === 'object' && typeof e.fullPath === 'string' && typeof e.service === 'string';
  };
  for (const value of Object.values(contracts)) {
    // Contracts grouped per service (e.g. healthContracts) sit one level down.
    const candidates = isEndpoint(value)
      ? [value]
      : value && typeof value === 'object' && !(value instanceof z.ZodType)
        ? Object.values(value)
        : [];
    for (const e of candidates)
      if (isEndpoint(e) && e.service === service) found.set(`${e.method} ${e.fullPath}`, e);
  }
  return [...found.values()].sort((a, b) => a.fullPath.localeCompare(b.fullPath));
}

type JsonSchema = Record<string, unknown>;

/** JSON Schema of what a client sends (input) or receives (output); checks zod cannot express are left open. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

/** The OpenAPI 3.1 document of one service, from its contracts: bodies, error body and auth. */
export function openApiDocument(service: ServiceName, version = '1'): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpointsOf(service)) {
    const method = endpoint.method.toLowerCase();
    const secured = endpoint.access !== 'public';
    const operation: Record<string, unknown> = {
      operationId: `${method}${endpoint.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      tags: [endpoint.path.split('/').filter(Boolean)[0] ?? service],
      ...(endpoint.access === 'staff' ? { description: 'Internal staff only.' } : {}),
      security: secured ? [{ bearer: [] }] : [],
      responses: {
        '200': {
          description: 'OK',
          content: { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } },
        },
        '400': errorResponse('The request is invalid; `fields` names each field and its messages.'),
        ...(secured
          ? {
              '401': errorResponse('No token, or an invalid or expired one.'),
              '403': errorResponse('Not allowed for this account.'),
            }
          : {}),
        '404': errorResponse('Not found (another organisation’s ids are not found either).'),
        '413': errorResponse('The request is too large.'),
        '429': errorResponse('Too many requests.'),
      },
    };
    if (endpoint.method === 'POST') {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(endpoint.request, 'input') } },
      };
    }
    paths[endpoint.fullPath] = { ...paths[endpoint.fullPath], [method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `Meridian ${service} service`,
      version,
      description: `Every call of the ${service} service under ${SERVICE_PREFIX[service]}, generated from its contracts.`,
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { ErrorBody: jsonSchema(errorBodySchema, 'output') },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
}

/** The document's own address, for links. */
export const openApiPath = (service: ServiceName) => openApiContracts[service].fullPath;
