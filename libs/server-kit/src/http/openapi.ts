import * as contracts from '@meridian/contracts';
import {
  type Endpoint,
  errorBodySchema,
  MAX_PATH_PARAM_LENGTH,
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

/** `/t/o/:token` as OpenAPI writes it (`/t/o/{token}`), and the names of its parameters. */
export function openApiPathOf(fullPath: string): { path: string; params: string[] } {
  const params = [...fullPath.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  return { path: fullPath.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}'), params };
}

/** The request schema without the keys the path carries (those are parameters, not body or query). */
function withoutKeys(schema: JsonSchema, keys: string[]): JsonSchema {
  if (keys.length === 0 || typeof schema.properties !== 'object') return schema;
  const properties = { ...(schema.properties as Record<string, unknown>) };
  for (const key of keys) delete properties[key];
  const required = ((schema.required as string[] | undefined) ?? []).filter((k) => !keys.includes(k));
  return { ...schema, properties, ...(schema.required ? { required } : {}) };
}

/** Path parameters from the path, query parameters (a GET's request fields) from the schema. */
function parametersOf(endpoint: Endpoint, request: JsonSchema, pathParams: string[]): unknown[] {
  const properties = (request.properties ?? {}) as Record<string, JsonSchema>;
  const required = (request.required as string[] | undefined) ?? [];
  const inPath = pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
  if (endpoint.method !== 'GET') return inPath;
  const inQuery = Object.entries(properties)
    .filter(([name]) => !pathParams.includes(name))
    .map(([name, schema]) => ({ name, in: 'query', required: required.includes(name), schema }));
  return [...inPath, ...inQuery];
}

/** The 200 answer: the response as JSON, or the page, file or pixel of the endpoint's media type. */
function okResponse(endpoint: Endpoint): Record<string, unknown> {
  const schema = endpoint.produces ? { type: 'string' } : jsonSchema(endpoint.response, 'output');
  return { description: 'OK', content: { [endpoint.produces ?? 'application/json']: { schema } } };
}

/**
 * Every status the error filter answers a call with, in the error body. Public calls too answer
 * 401 (wrong password, an expired link) and 403 (a signature that does not verify).
 */
const errorResponses = (secured: boolean) => ({
  '400': errorResponse('The request is invalid; `fields` names each field and its messages.'),
  '401': errorResponse(
    secured ? 'No token, or an invalid or expired one.' : 'Credentials or a link that are not valid.',
  ),
  '403': errorResponse(
    secured ? 'Not allowed for this account.' : 'Not allowed, e.g. a signature that does not verify.',
  ),
  '404': errorResponse('Not found (another organisation’s ids are not found either).'),
  '409': errorResponse('Conflicts with what exists, e.g. a name or email already in use.'),
  '413': errorResponse('The request is too large.'),
  '429': errorResponse('Too many requests.'),
});

/** The OpenAPI 3.1 document of one service, from its contracts: bodies, error body and auth. */
export function openApiDocument(service: ServiceName, version = '1'): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpointsOf(service)) {
    const method = endpoint.method.toLowerCase();
    const secured = endpoint.access !== 'public';
    const { path, params } = openApiPathOf(endpoint.fullPath);
    const request = jsonSchema(endpoint.request, 'input');
    const parameters = parametersOf(endpoint, request, params);
    const operation: Record<string, unknown> = {
      operationId: `${method}${endpoint.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
      tags: [endpoint.path.split('/').filter(Boolean)[0] ?? service],
      ...(endpoint.access === 'staff' ? { description: 'Internal staff only.' } : {}),
      security: secured ? [{ bearer: [] }] : [],
      ...(parameters.length > 0 ? { parameters } : {}),
      responses: {
        '200': okResponse(endpoint),
        ...(endpoint.redirects
          ? {
              [String(endpoint.redirects)]: {
                description: 'A redirect to `Location`.',
                headers: { Location: { required: true, schema: { type: 'string' } } },
              },
            }
          : {}),
        ...errorResponses(secured),
        ...(params.length > 0
          ? { '414': errorResponse(`A path parameter longer than ${MAX_PATH_PARAM_LENGTH} characters.`) }
          : {}),
      },
    };
    if (endpoint.method === 'POST') {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: withoutKeys(request, params) } },
      };
    }
    paths[path] = { ...paths[path], [method]: operation };
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
