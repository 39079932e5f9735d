import { apiKeyCreateContract, apiKeyListContract, SEGMENT_KEY_TYPE, type ApiKey } from '@meridian/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { segmentKeys } from './segment-keys';

/** The label a key issued from this page carries in the organisation's key list. */
export const SEGMENT_KEY_LABEL = 'Segment write key';

/** The organisation's current Segment key (its prefix and date only), or null when none was issued. */
export function useSegmentApiKey() {
  return useQuery({
    queryKey: segmentKeys.apiKeys(),
    queryFn: ({ signal }) => apiCall(apiKeyListContract, {}, { signal, selfHandled: true }),
    // The card says so in place when the key cannot be loaded.
    meta: { selfHandled: true },
    select: (answer): ApiKey | null =>
      answer.api_keys
        .filter((key) => key.key_type === SEGMENT_KEY_TYPE)
        .reduce<ApiKey | null>(
          (newest, key) => (!newest || key.time_created > newest.time_created ? key : newest),
          null,
        ),
  });
}

/** Issues a new Segment key; the service retires the earlier one. The key is in this answer only. */
export function useRefreshSegmentApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(apiKeyCreateContract, { label: SEGMENT_KEY_LABEL, key_type: SEGMENT_KEY_TYPE }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: segmentKeys.apiKeys() }),
  });
}
