import { loginContract, type Credentials } from '@meridian/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** Spec section 7: the body is `{credentials: {email, password}}`. */
export function login(credentials: Credentials) {
  return apiCall(loginContract, { credentials });
}

/** Failures are shown by the form (spec section 8, "Login"). */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { selfHandled: true } });
}
