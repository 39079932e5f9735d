import type { Endpoint, EndpointAccess, RequestOf, ResponseOf } from '@meridian/contracts';
import { buildRequest } from './api-client';
import { readJson, sendRequest, type CallOptions } from './api-fetch';

/**
 * Where an endpoint is and who may call it, without its schemas. `E` ties it to the contract's
 * types (which cost nothing at run time); a unit test checks each against its contract.
 */
export interface EndpointAddress<E extends Endpoint> {
  readonly method: E['method'];
  readonly fullPath: string;
  readonly access: EndpointAccess;
  /** Type only. */
  readonly endpoint?: E;
}

/**
 * `apiCall` without the schema library, for the login steps' first load (zod is a fifth of its
 * script): the caller has checked the input with the same rules, and the answer is taken as the
 * contract's type. Failures are the same `ApiError`s; an answer that is not JSON is invalid.
 */
export function apiSend<E extends Endpoint>(
  address: EndpointAddress<E>,
  input: RequestOf<E>,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const payload = input as Record<string, unknown>;
  return sendRequest(
    {
      method: address.method,
      path: address.fullPath,
      anonymous: address.access === 'public',
      build: (token) =>
        buildRequest(
          address.method === 'GET'
            ? { method: 'GET', path: address.fullPath, query: payload }
            : { method: address.method, path: address.fullPath, body: payload },
          token,
        ),
      read: async (response, fail) => {
        const body = await readJson(response);
        if (typeof body !== 'object' || body === null) throw fail('invalid-response', response.status);
        return body as ResponseOf<E>;
      },
    },
    options,
  );
}
