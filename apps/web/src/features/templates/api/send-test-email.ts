import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { templateSendEmailContract, type RequestOf } from '@meridian/contracts';

export type SendTestEmailInput = RequestOf<typeof templateSendEmailContract>;

export function useSendTestEmail() {
  return useMutation({
    mutationFn: (input: SendTestEmailInput) => apiCall(templateSendEmailContract, input),
  });
}
