import type { Credentials } from '@meridian/contracts';
import { apiSend } from '@/lib/api-send';
import { useAction } from '@/lib/use-action';
import { loginAddress } from './login-addresses';

/** Spec section 7: the body is `{credentials: {email, password}}`. */
export function login(credentials: Credentials) {
  return apiSend(loginAddress, { credentials });
}

/** Failures are shown by the form (spec section 8, "Login"). */
export function useLogin() {
  return useAction(login);
}
