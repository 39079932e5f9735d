import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PAGE_SIZE,
  tokenColumnsListContract,
  tokenCreateContract,
  tokenDeleteContract,
  tokenFunctionsListContract,
  tokenGetContract,
  tokensListContract,
  tokenUpdateContract,
  type EmailToken,
  type RequestOf,
} from '@meridian/contracts';
import { apiCall } from '@/lib/api-client';
import { tokenKeys, type TokensQuery } from './token-keys';

export function useTokens(query: TokensQuery) {
  return useQuery({
    queryKey: tokenKeys.list(query),
    queryFn: ({ signal }) =>
      apiCall(
        tokensListContract,
        {
          page_number: query.page_number,
          page_size: DEFAULT_PAGE_SIZE,
          query: query.search ? { search: { keyword: query.search } } : undefined,
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useToken(id: string | undefined) {
  return useQuery({
    queryKey: tokenKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiCall(tokenGetContract, { token_id: id! }, { signal }).then((r) => r.token),
    enabled: id !== undefined,
  });
}

/** The function help panel: the product's function catalogue. */
export function useTokenFunctions() {
  return useQuery({
    queryKey: tokenKeys.functions(),
    queryFn: ({ signal }) => apiCall(tokenFunctionsListContract, {}, { signal }).then((r) => r.functions),
    staleTime: Infinity,
  });
}

/** The person fields a token can read. */
export function useTokenColumns() {
  return useQuery({
    queryKey: tokenKeys.columns(),
    queryFn: ({ signal }) => apiCall(tokenColumnsListContract, {}, { signal }).then((r) => r.columns),
    staleTime: 60_000,
  });
}

export type TokenUpdate = RequestOf<typeof tokenUpdateContract>;

/**
 * Saves the editor: a new token is created by name first, then its definition is written (spec 7:
 * create takes only the name). `onCreated` runs between the two, so a failed update still leaves
 * the screen on the created token.
 */
export function useSaveToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      /** null: a new token, created by `name` first. */
      tokenId: string | null;
      name: string;
      update: Omit<TokenUpdate, 'token_id'>;
      onCreated?: (token: EmailToken) => void;
    }): Promise<{ token: EmailToken; created: boolean }> => {
      let tokenId = input.tokenId;
      if (tokenId === null) {
        const { token } = await apiCall(tokenCreateContract, { name: input.name });
        queryClient.setQueryData(tokenKeys.detail(token.token_id), token);
        void queryClient.invalidateQueries({ queryKey: tokenKeys.lists() });
        input.onCreated?.(token);
        tokenId = token.token_id;
      }
      const { token } = await apiCall(tokenUpdateContract, { ...input.update, token_id: tokenId });
      return { token, created: input.tokenId === null };
    },
    onSuccess: ({ token }) => {
      queryClient.setQueryData(tokenKeys.detail(token.token_id), token);
      return queryClient.invalidateQueries({ queryKey: tokenKeys.lists() });
    },
  });
}

export function useDeleteToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(tokenDeleteContract, { token_id: id }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: tokenKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: tokenKeys.lists() });
    },
  });
}
