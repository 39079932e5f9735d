import { internalImpersonateContract, type AccountRecord } from '@meridian/contracts';
import type { z } from 'zod';

/** Spec section 5, "Impersonate": 'Organization is required', 'Person is required'. */
export const impersonateFormSchema = internalImpersonateContract.request;
export type ImpersonateForm = z.input<typeof impersonateFormSchema>;

/** Spec section 8, success toasts. */
export const IMPERSONATION_SUCCESSFUL = 'Impersonation successful';

/** Staff and disabled accounts cannot be impersonated: offered, but not pickable. */
export function unavailableReason(account: AccountRecord): string | null {
  if (account.roles.some((role) => role.role_name === 'INTERNAL_STAFF')) return 'staff';
  if (!account.is_active) return 'disabled';
  return null;
}

/** A Person option: shown by email (spec section 2). */
export function personOption(account: AccountRecord) {
  const reason = unavailableReason(account) ?? (account.is_invite_pending ? 'invite pending' : null);
  return {
    value: account.id,
    label: reason ? `${account.email} (${reason})` : account.email,
    disabled: unavailableReason(account) !== null,
  };
}
