import {
  passwordResetContract,
  passwordSetContract,
  passwordTokenValidContract,
  type LinkRequestType,
  type RequestOf,
} from '@meridian/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

export type PasswordLinkType = Extract<LinkRequestType, 'password_create' | 'password_reset'>;

export const passwordLinkKeys = {
  all: ['password-link'] as const,
  validity: (type: LinkRequestType, token: string) => [...passwordLinkKeys.all, type, token] as const,
};

export function isLinkValid(token: string, requestType: LinkRequestType, signal?: AbortSignal) {
  return apiCall(passwordTokenValidContract, { token, request_type: requestType }, { signal }).then(
    (answer) => answer.valid,
  );
}

export function linkValidityQueryOptions(type: LinkRequestType, token: string) {
  return queryOptions({
    queryKey: passwordLinkKeys.validity(type, token),
    queryFn: ({ signal }) => isLinkValid(token, type, signal),
    // The screen shows its own error state with a retry.
    meta: { selfHandled: true },
    // A link is spent once used: coming back to it checks again.
    staleTime: 0,
  });
}

/** Whether a /password/create or /password/reset link can still be used. */
export function useLinkValidity(type: LinkRequestType, token: string) {
  return useQuery(linkValidityQueryOptions(type, token));
}

/** The link's token and the new password, and which kind of link it is. */
export type SetPasswordInput = RequestOf<typeof passwordResetContract> & { type: PasswordLinkType };

/** Spec 7: a reset link sets the password through email.reset, a create link through password.set. */
export function setPassword({ type, token, password }: SetPasswordInput) {
  return type === 'password_reset'
    ? apiCall(passwordResetContract, { token, password })
    : apiCall(passwordSetContract, { token, password, request_type: type });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword, meta: { selfHandled: true } });
}
