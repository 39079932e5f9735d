import { vi } from 'vitest';

/** A fixed answer, or one worked out from the request's JSON body (a list that pages, say). */
export type StubAnswer = { status?: number; body: unknown } | ((body: unknown) => Promise<Response>);

/**
 * Stubs `fetch` with answers per API path (`/api/auth/v1/accounts/login`), recording the calls.
 * Paths without an answer stay pending, like a slow server.
 */
export function stubApi(answers: Record<string, StubAnswer | StubAnswer[]>) {
  const calls: { path: string; body: unknown; authorization: string | undefined }[] = [];
  const queues = new Map(
    Object.entries(answers).map(([path, answer]) => [path, Array.isArray(answer) ? [...answer] : [answer]]),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = new URL(input).pathname;
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ path, body, authorization: headers.Authorization });
      const queue = queues.get(path);
      const answer = queue && (queue.length > 1 ? queue.shift() : queue[0]);
      if (!answer) return new Promise<Response>(() => undefined);
      if (typeof answer === 'function') return answer(body);
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status ?? 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  return { calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

export function errorBody(status: number, code: string, description: string | null, fields = {}) {
  return { status, body: { status_code: status, code, description, fields } };
}
