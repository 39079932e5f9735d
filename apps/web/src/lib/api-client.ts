import { errorBodySchema, type Endpoint, type RequestOf, type ResponseOf } from '@meridian/contracts';
import type { z } from 'zod';
import { ApiError, type ApiErrorKind } from './api-error';
import { tokenStorage } from './auth-token';

/** Spec section 9: request timeout 300000 ms. */
export const REQUEST_TIMEOUT_MS = 300_000;

export interface CallOptions {
  /** The caller shows its own error message; the shared error toasts are skipped. */
  selfHandled?: boolean;
  /** Cancels the request, e.g. the signal TanStack Query hands to a query function. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

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
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
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
  const parsed: unknown = endpoint.request.parse(input);
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
export async function apiRequest<S extends z.ZodType>(
  request: RawRequest<S>,
  options: CallOptions = {},
): Promise<z.output<S>> {
  const token = request.anonymous ? null : tokenStorage.get();
  const { url, init } = buildRequest(request, token);
  const fail = (kind: ApiErrorKind, status: number | null, cause?: unknown, body: ApiError['body'] = null) =>
    new ApiError({
      kind,
      method: request.method,
      url: request.path,
      status,
      body,
      sentWithToken: token !== null,
      selfHandled: options.selfHandled ?? false,
      cause,
    });

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', cancel);

  let status: number | null = null;
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    status = response.status;
    const payload = await readBody(response);
    if (!response.ok) {
      const parsed = errorBodySchema.safeParse(payload);
      throw fail('http', response.status, undefined, parsed.success ? parsed.data : null);
    }
    const result = request.response.safeParse(payload);
    if (!result.success) throw fail('invalid-response', response.status, result.error);
    return result.data;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw fail('timeout', status, error);
    if (options.signal?.aborted) throw fail('aborted', status, error);
    throw fail('network', status, error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

const NOT_JSON = Symbol('not-json');

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
