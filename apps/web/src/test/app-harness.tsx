import type { AccountRecord, RoleName, Session } from '@meridian/contracts';
import { notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/app/query-client';
import { createAppRoutes } from '@/app/router';

/** The whole app at `path`, in memory: routes, providers and the shared query client. */
export function renderAppAt(path: string) {
  const queryClient = createQueryClient(() => undefined);
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [path] });
  render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

/** Between tests: no stubbed fetch, and no toasts left in their store (at most 2 show at once). */
export function resetAppHarness(): void {
  vi.unstubAllGlobals();
  notifications.clean();
  notifications.cleanQueue();
}

export const AUTH = '/api/auth/v1';
export const ORG_ID = '0d9a3c1e-0a4e-4b8e-9d7e-3f1f2a8b9c02';
const STAMP = '2026-01-01T00:00:00.000Z';

export function accountRecord(
  id: string,
  email: string,
  role: RoleName,
  overrides: Partial<AccountRecord> = {},
): AccountRecord {
  return {
    id,
    organisation_id: ORG_ID,
    name: email.split('@')[0]!,
    email,
    is_active: true,
    is_email_verified: true,
    is_federated_user: false,
    roles: [{ role_name: role }],
    time_created: STAMP,
    time_updated: STAMP,
    is_invite_pending: false,
    ...overrides,
  };
}

export function sessionOf(account: AccountRecord, impersonator: Session['impersonator'] = null): Session {
  return {
    account,
    roles: account.roles,
    organisation: {
      id: ORG_ID,
      name: 'Acme',
      slug: 'acme',
      domain: 'acme.com',
      is_active: true,
      time_created: STAMP,
      time_updated: STAMP,
    },
    impersonator,
    session: { id: 's1', expires_at: '2026-02-01T00:00:00.000Z' },
  };
}

/** An `/accounts/list` (or internal account list) answer of one page. */
export const accountPage = (records: AccountRecord[]) => ({
  body: { records, page_number: 1, page_size: 1000, page_count: 1, total_count: records.length },
});
