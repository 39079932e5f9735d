import { useQuery } from '@tanstack/react-query';
import { tokensListAllContract, type EmailToken } from '@meridian/contracts';
import { apiCall } from '@/lib/api-client';
import { templateKeys } from './template-keys';

/** A saved token as the pickers show it: its name and the type its code returns. */
export type SavedTokenOption = Pick<EmailToken, 'name' | 'return_type'>;

/**
 * The organisation's saved tokens (tokens.list-all), for the 'Add token' dialog and the sender
 * fields. A failed fetch shows as no tokens: the editor stays usable without them.
 */
export function useSavedTokens(): { data: SavedTokenOption[]; isPending: boolean } {
  const tokens = useQuery({
    queryKey: templateKeys.tokens(),
    queryFn: ({ signal }) =>
      apiCall(tokensListAllContract, {}, { signal, selfHandled: true }).then((r) =>
        r.records
          .map(({ name, return_type }) => ({ name, return_type }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      ),
    staleTime: 30_000,
    retry: false,
  });
  return { data: tokens.data ?? [], isPending: tokens.isPending && !tokens.isError };
}
