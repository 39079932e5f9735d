import type { Endpoint, RequestOf, ResponseOf } from '@meridian/contracts';
import type { z } from 'zod';
import { authorization, readJson, sendRequest, type CallOptions, type HttpMethod } from './api-fetch';
import { ApiError } from './api-error';

export { REQUEST_TIMEOUT_MS, type CallOptions, type HttpMethod } from './api-fetch';

export interface RequestParts {
  method: HttpMethod;
  /** Absolute path on the page's origin, e.g. `/api/auth/v1/accounts/token.verify`. */
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface RawRequest<S extends z.ZodType> extends RequestParts {
  response: S;
  /** Sent without the stored token: public endpoints never need it, and a stale one must not count. */
  anonymous?: boolean;
}

export interface BuiltRequest {
  url: string;
  init: { method: HttpMethod; headers: Record<string, string>; body?: string };
}

/** Query string for a GET: arrays repeat their key, objects travel as JSON, empty values are left out. */
export function buildQueryString(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function buildRequest(
  parts: RequestParts,
  token: string | null,
  origin = window.location.origin,
): BuiltRequest {
  const url = new URL(parts.path, origin).toString() + (parts.query ? buildQueryString(parts.query) : '');
  const headers: Record<string, string> = { Accept: 'application/json', ...authorization(token) };
  if (parts.body === undefined) return { url, init: { method: parts.method, headers } };
  headers['Content-Type'] = 'application/json';
  return { url, init: { method: parts.method, headers, body: JSON.stringify(parts.body) } };
}

/**
 * Calls an endpoint through its contract: the input is parsed with the request schema (defaults
 * applied), GET sends it as the query string and POST as a JSON body, and the answer is
 * validated with the response schema. Public endpoints go without the bearer token, so a stale
 * token left in storage cannot turn a failed login into an 'expired session'. Every failure is
 * an `ApiError`.
 */
export function apiCall<E extends Endpoint>(
  endpoint: E,
  input: RequestOf<E>,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const checked = endpoint.request.safeParse(input);
  // What the server would refuse is refused here, as the server would (400 with the field
  // messages), so a caller's own handling applies: a malformed id in the address is 'not found'
  // to its screen, not a crash.
  if (!checked.success) return Promise.reject(refusedRequest(endpoint, checked.error, options));
  const parsed: unknown = checked.data;
  const payload = isRecord(parsed) ? parsed : {};
  const parts: RequestParts =
    endpoint.method === 'GET'
      ? { method: 'GET', path: endpoint.fullPath, query: payload }
      : { method: endpoint.method, path: endpoint.fullPath, body: payload };
  return apiRequest<E['response']>(
    { ...parts, response: endpoint.response, anonymous: endpoint.access === 'public' },
    options,
  );
}

/**
 * The transport under `apiCall`. Product calls go through `apiCall` and a contract; this is used
 * directly only for gateway tooling that has no contract (the local mail capture).
 */
export function apiRequest<S extends z.ZodType>(
  request: RawRequest<S>,
  options: CallOptions = {},
): Promise<z.output<S>> {
  return sendRequest(
    {
      method: request.method,
      path: request.path,
      anonymous: request.anonymous,
      build: (token) => buildRequest(request, token),
      read: async (response, fail) => {
        const result = request.response.safeParse(await readJson(response));
        if (!result.success) throw fail('invalid-response', response.status, result.error);
        return result.data;
      },
    },
    options,
  );
}

function refusedRequest(endpoint: Endpoint, error: z.ZodError, options: CallOptions): ApiError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return new ApiError({
    kind: 'http',
    method: endpoint.method,
    url: endpoint.fullPath,
    status: 400,
    body: {
      status_code: 400,
      code: 'ValidationException',
      description: error.issues[0]?.message ?? null,
      fields,
    },
    signedInCall: false,
    selfHandled: options.selfHandled ?? false,
    cause: error,
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
