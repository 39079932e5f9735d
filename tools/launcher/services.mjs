// The four services and the URL prefixes the gateway sends to each
// (README.md "Architecture"). One table, used by the launcher, the gateway
// and the browser tests.
export const SERVICES = [
  {
    name: 'auth-service',
    schema: 'auth',
    offset: 1,
    prefixes: ['/api/auth/v1'],
    health: '/api/auth/v1/health',
  },
  {
    name: 'integrations-service',
    schema: 'integrations',
    offset: 2,
    // /v1: the public Segment Tracking API (write-key auth), where Segment clients post.
    prefixes: ['/api/integrations/v1', '/v1'],
    health: '/api/integrations/v1/health',
  },
  {
    name: 'campaign-service',
    schema: 'campaign',
    offset: 3,
    prefixes: ['/api/campaign/v1'],
    health: '/api/campaign/v1/health',
  },
  {
    name: 'reports-service',
    schema: 'reports',
    offset: 4,
    prefixes: ['/api/campaign/v2'],
    health: '/api/campaign/v2/health',
  },
];

export function servicePort(service, base) {
  return base + service.offset;
}
