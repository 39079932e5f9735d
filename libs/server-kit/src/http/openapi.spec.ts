import { healthContracts, serviceNames, webhookCreateContract } from '@meridian/contracts';
import Ajv2020 from 'ajv/dist/2020';
import { endpointsOf, openApiDocument } from './openapi';
import { openApiPage } from './openapi-page';

type Operation = {
  security: unknown[];
  requestBody?: { content: { 'application/json': { schema: object } } };
  responses: Record<string, { content?: { 'application/json': { schema: object } } }>;
};

describe(openApiDocument.name, () => {
  it.each(serviceNames)('documents every call of the %s service with valid JSON Schemas', (service) => {
    const document = openApiDocument(service);
    const paths = document.paths as Record<string, Record<string, Operation>>;
    const endpoints = endpointsOf(service);
    expect(endpoints.length).toBeGreaterThan(1);
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    for (const endpoint of endpoints) {
      const operation = paths[endpoint.fullPath]?.[endpoint.method.toLowerCase()];
      expect(operation).toBeDefined();
      expect(operation!.security).toEqual(endpoint.access === 'public' ? [] : [{ bearer: [] }]);
      if (endpoint.method === 'POST') ajv.compile(operation!.requestBody!.content['application/json'].schema);
      ajv.compile(operation!.responses['200']!.content!['application/json'].schema);
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
