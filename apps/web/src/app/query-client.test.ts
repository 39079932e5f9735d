import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it('sends failed queries and mutations to the shared handler', async () => {
    const onError = vi.fn();
    const client = createQueryClient(onError);
    const failure = new Error('boom');
    await client
      .fetchQuery({ queryKey: ['q'], queryFn: () => Promise.reject(failure) })
      .catch(() => undefined);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(failure) })
      .execute(undefined)
      .catch(() => undefined);
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('skips queries and mutations marked selfHandled', async () => {
    const onError = vi.fn();
    const client = createQueryClient(onError);
    await client
      .fetchQuery({
        queryKey: ['q'],
        queryFn: () => Promise.reject(new Error('x')),
        meta: { selfHandled: true },
      })
      .catch(() => undefined);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(new Error('y')), meta: { selfHandled: true } })
      .execute(undefined)
      .catch(() => undefined);
    expect(onError).not.toHaveBeenCalled();
  });
});
