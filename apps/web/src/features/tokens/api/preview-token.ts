import { useMutation } from '@tanstack/react-query';
import { tokenPreviewContract, type RequestOf } from '@meridian/contracts';
import { apiCall } from '@/lib/api-client';

/** Renders the saved token for the chosen persons (spec 7 tokens.preview). */
export function usePreviewToken() {
  return useMutation({
    mutationFn: (input: RequestOf<typeof tokenPreviewContract>) =>
      apiCall(tokenPreviewContract, input).then((r) => r.result),
  });
}
