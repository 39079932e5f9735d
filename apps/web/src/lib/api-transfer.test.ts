import { defineEndpoint } from '@meridian/contracts';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error';
import { REQUEST_TIMEOUT_MS } from './api-fetch';
import { apiDownload, apiUpload, filenameOf } from './api-transfer';
import { AUTH_TOKEN_KEY } from './auth-token';

const origin = window.location.origin;

const uploadContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/files/upload',
  access: 'bearer',
  request: z.object({}),
  response: z.object({ id: z.string() }),
});

const exportContract = { method: 'GET', fullPath: '/api/campaign/v1/files/export' } as const;

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored-token');
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function lastCall(): { url: string; init: RequestInit & { headers: Record<string, string> } } {
  const [url, init] = fetchMock.mock.calls.at(-1) as unknown as [
    string,
    RequestInit & { headers: Record<string, string> },
  ];
  return { url, init };
}

describe('apiUpload', () => {
  it('posts multipart form data with the bearer token and validates the answer', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ id: 'f-1' }), { status: 200 }));
    const file = new File(['a,b\n'], 'people.csv', { type: 'text/csv' });
    await expect(apiUpload(uploadContract, { files: { file }, fields: { list: 'l-1' } })).resolves.toEqual({
      id: 'f-1',
    });
    const { url, init } = lastCall();
    expect(url).toBe(`${origin}/api/campaign/v1/files/upload`);
    expect(init.method).toBe('POST');
    // The browser sets the multipart boundary itself.
    expect(init.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer stored-token' });
    const form = init.body as FormData;
    expect(form.get('list')).toBe('l-1');
    expect((form.get('file') as File).name).toBe('people.csv');
  });

  it('throws an ApiError with the shared error body on an error status', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          status_code: 400,
          code: 'ValidationException',
          description: 'Bad file',
          fields: {},
        }),
        { status: 400 },
      ),
    );
    const file = new File(['x'], 'x.csv');
    const error = (await apiUpload(uploadContract, { files: { file } }, { selfHandled: true }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 400, signedInCall: true, selfHandled: true });
    expect(error.description).toBe('Bad file');
  });

  it('rejects an answer that is not JSON as invalid', async () => {
    fetchMock.mockResolvedValue(new Response('<html>ok</html>', { status: 200 }));
    const file = new File(['x'], 'x.csv');
    await expect(apiUpload(uploadContract, { files: { file } })).rejects.toMatchObject({
      kind: 'invalid-response',
      status: 200,
    });
  });
});

describe('apiDownload', () => {
  it('gets the file with the query string and names it from Content-Disposition', async () => {
    fetchMock.mockResolvedValue(
      new Response('a,b\n', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="out.csv"' },
      }),
    );
    const { blob, filename } = await apiDownload(exportContract, { list: 'l-1' });
    expect(await blob.text()).toBe('a,b\n');
    expect(filename).toBe('out.csv');
    expect(lastCall().url).toBe(`${origin}/api/campaign/v1/files/export?list=l-1`);
    expect(lastCall().init.headers.Authorization).toBe('Bearer stored-token');
  });

  it('gives up after the request timeout while the file is still arriving', async () => {
    vi.useFakeTimers();
    // Headers arrive, the body never ends; like a real fetch, aborting errors the stream.
    fetchMock.mockImplementation((_url, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('a,b\n'));
          init?.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return Promise.resolve(new Response(body, { status: 200 }));
    });
    const pending = apiDownload(exportContract).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await pending).toMatchObject({ kind: 'timeout', status: 200 });
  });

  it('stops when the caller cancels while the file is still arriving', async () => {
    fetchMock.mockImplementation((_url, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          init?.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return Promise.resolve(new Response(body, { status: 200 }));
    });
    const caller = new AbortController();
    const pending = apiDownload(exportContract, {}, { signal: caller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled(), { timeout: 30_000 });
    caller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
  });
});

describe('filenameOf', () => {
  it('prefers the UTF-8 name and falls back to the plain one', () => {
    expect(filenameOf("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.csv")).toBe('résumé.csv');
    expect(filenameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(filenameOf(null)).toBeNull();
  });
});
