import { z } from 'zod';

/** The four service bases of the product, and the path prefix each is reached under. */
export const SERVICE_PREFIX = {
  auth: '/api/auth/v1',
  integrations: '/api/integrations/v1',
  campaign: '/api/campaign/v1',
  reports: '/api/campaign/v2',
} as const;

export type ServiceName = keyof typeof SERVICE_PREFIX;

/**
 * The longest path parameter (`:token`) a service's router reads; a longer one is answered 414.
 * Above every contract's own maximum, so those refuse a long one with their message first.
 */
export const MAX_PATH_PARAM_LENGTH = 2048;
export const serviceNames = Object.keys(SERVICE_PREFIX) as ServiceName[];

/**
 * Who may call an endpoint: anyone (`public`), any signed-in account (`bearer`),
 * or internal staff only (`staff`).
 */
export type EndpointAccess = 'public' | 'bearer' | 'staff';

export interface EndpointDefinition<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  service: ServiceName;
  method: 'GET' | 'POST';
  /** Path under the service prefix, as spec section 7 writes it. */
  path: string;
  access: EndpointAccess;
  request: Req;
  response: Res;
  /** The media type of the 200 answer when it is not the response as JSON: a page, a file, a pixel. */
  produces?: string;
  /** The redirect the call answers with (its `Location` is the response's `url`). */
  redirects?: 302 | 303;
}

export interface Endpoint<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> extends EndpointDefinition<Req, Res> {
  /** Full path as served by the service and the gateway. */
  fullPath: string;
}

export function defineEndpoint<Req extends z.ZodType, Res extends z.ZodType>(
  definition: EndpointDefinition<Req, Res>,
): Endpoint<Req, Res> {
  return { ...definition, fullPath: `${SERVICE_PREFIX[definition.service]}${definition.path}` };
}

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ParsedRequestOf<E extends Endpoint> = z.output<E['request']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** An endpoint that takes no body. */
export const emptyRequest = z.object({}).passthrough();
