import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import '@/lib/query-meta';

/**
 * One client for the app. Failed queries and mutations go to the shared error handling unless
 * they carry `meta.selfHandled` (or were called with `{ selfHandled: true }`).
 */
export function createQueryClient(onError: (error: unknown) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.selfHandled) onError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (!mutation.meta?.selfHandled) onError(error);
      },
    }),
    defaultOptions: {
      // A failed call shows its toast once; screens offer their own retry where it makes sense.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
