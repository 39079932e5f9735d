import {
  healthContracts,
  openApiPageContracts,
  personCreateContract,
  serviceNames,
  trackingClickContract,
  trackingOpenContract,
  loginContract,
  webhookCreateContract,
} from '@meridian/contracts';
import Ajv2020 from 'ajv/dist/2020';
import { endpointsOf, openApiDocument, openApiPathOf } from './openapi';
import { openApiPage } from './openapi-page';

type Operation = {
  security: unknown[];
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: { 'application/json': { schema: object } } };
  responses: Record<
    string,
    { content?: Record<string, { schema: object }>; headers?: Record<string, unknown> }
  >;
};

const operationOf = (service: Parameters<typeof openApiDocument>[0], fullPath: string, method: string) =>
  (openApiDocument(service).paths as Record<string, Record<string, Operation>>)[
    openApiPathOf(fullPath).path
  ]![method]!;

describe(openApiDocument.name, () => {
  it.each(serviceNames)('documents every call of the %s service with valid JSON Schemas', (service) => {
    const document = openApiDocument(service);
    const paths = document.paths as Record<string, Record<string, Operation>>;
    const endpoints = endpointsOf(service);
    expect(endpoints.length).toBeGreaterThan(1);
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    for (const endpoint of endpoints) {
      const operation = paths[openApiPathOf(endpoint.fullPath).path]?.[endpoint.method.toLowerCase()];
      expect(operation).toBeDefined();
      expect(operation!.security).toEqual(endpoint.access === 'public' ? [] : [{ bearer: [] }]);
      if (endpoint.method === 'POST') ajv.compile(operation!.requestBody!.content['application/json'].schema);
      ajv.compile(operation!.responses['200']!.content![endpoint.produces ?? 'application/json']!.schema);
      expect(operation!.responses['400']!.content!['application/json'].schema).toEqual({
        $ref: '#/components/schemas/ErrorBody',
      });
    }
  });

  it('describes what a client sends: required fields, and the fields of a request', () => {
    const paths = openApiDocument('campaign').paths as Record<string, Record<string, Operation>>;
    const schema =
      paths[webhookCreateContract.fullPath]!.post!.requestBody!.content['application/json'].schema;
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(schema);
    expect(validate({ name: 'Orders' })).toBe(true);
    expect(validate({})).toBe(false);
  });

  it('describes what the service answers', () => {
    const paths = openApiDocument('reports').paths as Record<string, Record<string, Operation>>;
    const schema =
      paths[healthContracts.reports.fullPath]!.get!.responses['200']!.content!['application/json'].schema;
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(schema);
    expect(
      validate({
        service: 'reports-service',
        status: 'up',
        database: { status: 'up' },
        events: { status: 'up', transport: 'postgres' },
        uptime_seconds: 3,
      }),
    ).toBe(true);
    expect(validate({ service: 'reports-service' })).toBe(false);
  });

  // Found by schemathesis: each document below said something the service does not do.
  it('declares path parameters in OpenAPI form, so a client fills them in', () => {
    const operation = operationOf('campaign', trackingOpenContract.fullPath, 'get');
    expect(openApiPathOf(trackingOpenContract.fullPath).path).toBe('/api/campaign/v1/t/o/{token}');
    expect(operation.parameters).toEqual([
      expect.objectContaining({ name: 'token', in: 'path', required: true }),
    ]);
    expect(operation.responses).toHaveProperty('414');
  });

  it('documents pages, files and pixels with their media type, and redirects with their status', () => {
    const page = operationOf('reports', openApiPageContracts.reports.fullPath, 'get');
    expect(Object.keys(page.responses['200']!.content!)).toEqual(['text/html']);
    const pixel = operationOf('campaign', trackingOpenContract.fullPath, 'get');
    expect(Object.keys(pixel.responses['200']!.content!)).toEqual(['image/gif']);
    const click = operationOf('campaign', trackingClickContract.fullPath, 'get');
    expect(click.responses['302']!.headers).toHaveProperty('Location');
  });

  it('documents every status the error filter answers with: 409 on a conflict, 401 on a public call', () => {
    expect(operationOf('campaign', personCreateContract.fullPath, 'post').responses).toHaveProperty('409');
    expect(operationOf('auth', loginContract.fullPath, 'post').responses).toHaveProperty('401');
  });

  it('renders a page for people that escapes what it shows', () => {
    const page = openApiPage(
      { info: { title: 'T <b>', description: 'd' }, paths: { '/x': { post: { responses: {} } } } },
      '/x/openapi.json',
    );
    expect(page).toContain('<code>POST /x</code>');
    expect(page).toContain('T &lt;b&gt;');
    expect(page).not.toContain('<b>');
  });
});
