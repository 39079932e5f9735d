import {
  defineEndpoint,
  healthContracts,
  loginContract,
  pageRequestSchema,
  tokenVerifyContract,
} from '@meridian/contracts';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { z } from 'zod';
import { apiCall, buildQueryString, buildRequest, REQUEST_TIMEOUT_MS } from './api-client';
import { classifyError } from './error-handling';
import { ApiError } from './api-error';
import { AUTH_TOKEN_KEY } from './auth-token';

const origin = window.location.origin;

const listContract = defineEndpoint({
  service: 'campaign',
  method: 'GET',
  path: '/things/list',
  access: 'bearer',
  request: pageRequestSchema.extend({ search: z.string().optional(), ids: z.array(z.string()).optional() }),
  response: z.object({ rows: z.array(z.string()) }),
});

const health = {
  service: 'auth-service',
  status: 'up',
  database: { status: 'up' },
  events: { status: 'up', transport: 'postgres' },
  uptime_seconds: 12,
};

function jsonResponse(status: number, payload: unknown): Response {
  return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
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

describe('building requests', () => {
  it('puts GET input in the query string, repeating array keys and leaving out empty values', () => {
    expect(
      buildQueryString({ page_number: 2, page_size: 10, search: undefined, ids: ['a', 'b'], to: null }),
    ).toBe('?page_number=2&page_size=10&ids=a&ids=b');
    expect(buildQueryString({})).toBe('');
  });

  it('builds the URL from the path on the page origin, with the bearer token', () => {
    const built = buildRequest(
      { method: 'GET', path: '/api/auth/v1/health', query: {} },
      'tok-1',
      'https://app.example.com',
    );
    expect(built.url).toBe('https://app.example.com/api/auth/v1/health');
    expect(built.init).toEqual({
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: 'Bearer tok-1' },
    });
  });

  it('sends POST input as a JSON body, without Authorization when there is no token', () => {
    const built = buildRequest(
      { method: 'POST', path: '/api/x', body: { a: 1 } },
      null,
      'https://app.example.com',
    );
    expect(built.init).toEqual({
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
  });
});

describe('apiCall', () => {
  it('calls a GET contract at its full path with the parsed input as query string', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { rows: ['x'] }));
    const result = await apiCall(listContract, { page_number: 3, ids: ['a'] });
    expect(result).toEqual({ rows: ['x'] });
    // Defaults of the request schema are applied before sending.
    expect(lastCall().url).toBe(`${origin}/api/campaign/v1/things/list?page_size=10&page_number=3&ids=a`);
    expect(lastCall().init.method).toBe('GET');
    expect(lastCall().init.body).toBeUndefined();
  });

  it('posts a POST contract as JSON with the stored token', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored-token');
    fetchMock.mockResolvedValue(
      jsonResponse(401, {
        status_code: 401,
        code: 'InvalidAuthTokenException',
        description: 'x',
        fields: {},
      }),
    );
    await expect(apiCall(tokenVerifyContract, { role_names: [] })).rejects.toBeInstanceOf(ApiError);
    const { url, init } = lastCall();
    expect(url).toBe(`${origin}/api/auth/v1/accounts/token.verify`);
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"role_names":[]}');
    expect(init.headers.Authorization).toBe('Bearer stored-token');
  });

  it('calls public endpoints without the stored token', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stale-token');
    fetchMock.mockResolvedValue(
      jsonResponse(401, {
        status_code: 401,
        code: 'InvalidPasswordException',
        description: 'Username and password do not match. Please try again',
        fields: {},
      }),
    );
    const error = (await apiCall(loginContract, { credentials: { email: 'a@b.co', password: 'x' } }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(lastCall().init.headers.Authorization).toBeUndefined();
    expect(error.signedInCall).toBe(false);
  });

  it('returns the response parsed by the contract', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, health));
    await expect(apiCall(healthContracts.auth, {})).resolves.toEqual(health);
    expect(lastCall().url).toBe(`${origin}/api/auth/v1/health`);
  });

  it('throws an ApiError carrying the parsed error body', async () => {
    window.localStorage.setItem(AUTH_TOKEN_KEY, 'stored-token');
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        status_code: 400,
        code: 'ValidationException',
        description: null,
        fields: { page_size: ['Too big'] },
        correlation_id: 'c-1',
      }),
    );
    const error = (await apiCall(listContract, {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('http');
    expect(error.status).toBe(400);
    expect(error.code).toBe('ValidationException');
    expect(error.description).toBeNull();
    expect(error.fieldErrors).toEqual({ page_size: ['Too big'] });
    expect(error.body?.correlation_id).toBe('c-1');
    expect(error.signedInCall).toBe(true);
    expect(error.selfHandled).toBe(false);
  });

  it('counts a signed-in call whose token is gone (signed out in another tab) as one, so its 401 ends the session', async () => {
    window.localStorage.removeItem(AUTH_TOKEN_KEY);
    fetchMock.mockResolvedValue(
      jsonResponse(401, {
        status_code: 401,
        code: 'AuthTokenNotFoundException',
        description: 'Auth token not found',
        fields: {},
      }),
    );
    const error = (await apiCall(listContract, {}).catch((e: unknown) => e)) as ApiError;
    expect(lastCall().init.headers.Authorization).toBeUndefined();
    expect(error.signedInCall).toBe(true);
    expect(classifyError(error).type).toBe('session-expired');
  });

  it('keeps the status when the error body is not in the shared format', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await apiCall(healthContracts.auth, {}, { selfHandled: true }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.kind).toBe('http');
    expect(error.status).toBe(502);
    expect(error.body).toBeNull();
    expect(error.signedInCall).toBe(false);
    expect(error.selfHandled).toBe(true);
  });

  it('rejects an answer that does not match the response contract', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { rows: 'nope' }));
    await expect(apiCall(listContract, {})).rejects.toMatchObject({ kind: 'invalid-response', status: 200 });
  });

  it('reports a network failure as such', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiCall(listContract, {})).rejects.toMatchObject({ kind: 'network', status: null });
  });

  it('gives up after the request timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = apiCall(listContract, {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await pending).toMatchObject({ kind: 'timeout' });
    expect(REQUEST_TIMEOUT_MS).toBe(300000);
  });

  it('refuses input that breaks the request contract before sending, as the server would', async () => {
    const refused = apiCall(listContract, { page_size: 0 }, { selfHandled: true }).catch((e: unknown) => e);
    expect(await refused).toMatchObject({
      kind: 'http',
      status: 400,
      code: 'ValidationException',
      selfHandled: true,
      signedInCall: false,
    });
    expect(((await refused) as { fieldErrors: Record<string, string[]> }).fieldErrors.page_size).toHaveLength(
      1,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
