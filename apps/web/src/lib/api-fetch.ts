import { ApiError, type ApiErrorKind } from './api-error';
import { tokenStorage } from './auth-token';
import { readErrorBody } from './error-body';

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

/** Builds the `ApiError` of one request: same method, path, token flag and handling. */
export type Fail = (
  kind: ApiErrorKind,
  status: number | null,
  cause?: unknown,
  body?: ApiError['body'],
) => ApiError;

export interface FetchRequest<T> {
  method: HttpMethod;
  /** The path as errors name it, e.g. `/api/auth/v1/accounts/token.verify`. */
  path: string;
  /** Sent without the stored token: public endpoints never need it, and a stale one must not count. */
  anonymous?: boolean;
  /** The URL and fetch options for the token that goes with the request (null: none). */
  build: (token: string | null) => { url: string; init: RequestInit };
  /** Reads a successful answer, under the same timeout and cancellation as the request. */
  read: (response: Response, fail: Fail) => Promise<T>;
}

/** The bearer header for a token, or none. */
export function authorization(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The one fetch of the web app, under JSON calls, uploads and downloads alike: it sends the
 * stored bearer token, gives up after the timeout, follows the caller's cancellation while the
 * answer is sent and read, and turns every failure into an `ApiError` (an error status carries
 * the parsed error body of spec section 8).
 */
export async function sendRequest<T>(request: FetchRequest<T>, options: CallOptions = {}): Promise<T> {
  const token = request.anonymous ? null : tokenStorage.get();
  const fail: Fail = (kind, status, cause, body = null) =>
    new ApiError({
      kind,
      method: request.method,
      url: request.path,
      status,
      body,
      signedInCall: token !== null || !request.anonymous,
      selfHandled: options.selfHandled ?? false,
      cause,
    });
  const { url, init } = request.build(token);

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
    if (!response.ok) {
      throw fail('http', response.status, undefined, readErrorBody(await readJson(response)));
    }
    return await request.read(response, fail);
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

/** Not JSON: a value no schema accepts, so the answer counts as invalid rather than empty. */
const NOT_JSON = Symbol('not-json');

/** The answer's JSON; `undefined` for an empty body, `NOT_JSON` for anything else. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}
