import { registerContract, type RegisterRequest } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export function register(input: RegisterRequest) {
  return apiCall(registerContract, input);
}

/** Field errors show inline, anything else above the form. */
export function useRegister() {
  return useMutation({ mutationFn: register, meta: { selfHandled: true } });
}
