import type { Endpoint, ResponseOf } from '@meridian/contracts';
import type { z } from 'zod';
import { buildQueryString } from './api-client';
import { authorization, readJson, sendRequest, type CallOptions, type Fail } from './api-fetch';

/**
 * File transfers that do not fit `apiCall`'s JSON body: multipart uploads and blob downloads.
 * The same fetch core, so the same bearer token, timeout and `ApiError`s as any call.
 */
interface TransferRequest<T> {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  read: (response: Response, fail: Fail) => Promise<T>;
}

function transfer<T>(
  { method, path, headers, body, read }: TransferRequest<T>,
  options: CallOptions,
): Promise<T> {
  return sendRequest(
    {
      method,
      path,
      build: (token) => ({
        url: new URL(path, window.location.origin).toString(),
        init: { method, headers: { ...headers, ...authorization(token) }, body },
      }),
      read,
    },
    options,
  );
}

/** Posts `fields` and `files` as multipart form data to an endpoint and validates its JSON answer. */
export function apiUpload<E extends Endpoint>(
  endpoint: E,
  parts: { files: Record<string, File>; fields?: Record<string, string> },
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts.fields ?? {})) form.append(name, value);
  for (const [name, file] of Object.entries(parts.files)) form.append(name, file, file.name);
  return transfer(
    {
      method: 'POST',
      path: endpoint.fullPath,
      headers: { Accept: 'application/json' },
      body: form,
      read: async (response, fail) => {
        const result = (endpoint.response as z.ZodType).safeParse(await readJson(response));
        if (!result.success) throw fail('invalid-response', response.status, result.error);
        return result.data as ResponseOf<E>;
      },
    },
    options,
  );
}

/** Fetches a file from an endpoint (GET with a query, POST with a JSON body). */
export function apiDownload(
  endpoint: Pick<Endpoint, 'method' | 'fullPath'>,
  input: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const read = async (response: Response) => ({
    blob: await response.blob(),
    filename: filenameOf(response.headers.get('Content-Disposition')),
  });
  const request: TransferRequest<{ blob: Blob; filename: string | null }> =
    endpoint.method === 'GET'
      ? { method: 'GET', path: endpoint.fullPath + buildQueryString(input), read }
      : {
          method: 'POST',
          path: endpoint.fullPath,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(input),
          read,
        };
  return transfer(request, options);
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
