import { errorBodySchema, type Endpoint, type ResponseOf } from '@meridian/contracts';
import type { z } from 'zod';
import { buildQueryString, REQUEST_TIMEOUT_MS, type CallOptions } from './api-client';
import { ApiError, type ApiErrorKind } from './api-error';
import { tokenStorage } from './auth-token';

/**
 * File transfers that do not fit `apiCall`'s JSON body: multipart uploads and blob downloads.
 * Same bearer token, same `ApiError`s, so the shared error handling treats them like any call.
 */
interface TransferRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: BodyInit;
}

async function send(request: TransferRequest, options: CallOptions): Promise<Response> {
  const token = tokenStorage.get();
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
  const headers: Record<string, string> = { ...request.headers };
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', cancel);
  try {
    const response = await fetch(new URL(request.path, window.location.origin).toString(), {
      method: request.method,
      headers,
      body: request.body,
      signal: controller.signal,
    });
    if (!response.ok) {
      let payload: unknown;
      try {
        payload = JSON.parse(await response.text()) as unknown;
      } catch {
        payload = undefined;
      }
      const parsed = errorBodySchema.safeParse(payload);
      throw fail('http', response.status, undefined, parsed.success ? parsed.data : null);
    }
    return response;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw fail('timeout', null, error);
    if (options.signal?.aborted) throw fail('aborted', null, error);
    throw fail('network', null, error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

/** Posts `fields` and `files` as multipart form data to an endpoint and validates its JSON answer. */
export async function apiUpload<E extends Endpoint>(
  endpoint: E,
  parts: { files: Record<string, File>; fields?: Record<string, string> },
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts.fields ?? {})) form.append(name, value);
  for (const [name, file] of Object.entries(parts.files)) form.append(name, file, file.name);
  const response = await send(
    { method: 'POST', path: endpoint.fullPath, headers: { Accept: 'application/json' }, body: form },
    options,
  );
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    payload = undefined;
  }
  const result = (endpoint.response as z.ZodType).safeParse(payload);
  if (!result.success) {
    throw new ApiError({
      kind: 'invalid-response',
      method: 'POST',
      url: endpoint.fullPath,
      status: response.status,
      body: null,
      sentWithToken: tokenStorage.get() !== null,
      selfHandled: options.selfHandled ?? false,
      cause: result.error,
    });
  }
  return result.data as ResponseOf<E>;
}

/** Fetches a file from an endpoint (GET with a query, POST with a JSON body). */
export async function apiDownload(
  endpoint: Pick<Endpoint, 'method' | 'fullPath'>,
  input: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const request: TransferRequest =
    endpoint.method === 'GET'
      ? { method: 'GET', path: endpoint.fullPath + buildQueryString(input) }
      : {
          method: 'POST',
          path: endpoint.fullPath,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(input),
        };
  const response = await send(request, options);
  return { blob: await response.blob(), filename: filenameOf(response.headers.get('Content-Disposition')) };
}

export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() ?? null;
}

/** Hands a downloaded file to the browser as a save. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
