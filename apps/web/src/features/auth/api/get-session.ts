import type { LoginResponse, Session } from '@meridian/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-send';
import { tokenStorage } from '@/lib/auth-token';
import { tokenVerifyAddress } from './session-addresses';

export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
};

/**
 * Spec section 6: token verify sends an empty role_names list. Sent by address, without the
 * schema library: every signed-in screen asks for the session on its first load.
 */
export function getSession(signal?: AbortSignal): Promise<Session> {
  return apiSend(tokenVerifyAddress, { role_names: [] }, { signal });
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.current(),
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 5 * 60_000,
    enabled: tokenStorage.get() !== null,
  });
}

/** The signed-in user, their roles and organisation, from the stored token. */
export function useSession() {
  return useQuery(sessionQueryOptions());
}

/**
 * The session a login or impersonation answer describes, to show the new user at once while
 * `token.verify` confirms it. The answer does not carry the session's id; the refetch fills it.
 */
export function sessionFromLogin(
  answer: LoginResponse & { impersonator?: Session['impersonator'] },
): Session {
  return {
    account: answer.account,
    roles: answer.roles,
    organisation: answer.organisation,
    impersonator: answer.impersonator ?? null,
    session: { id: '', expires_at: answer.token.expires_at },
  };
}
