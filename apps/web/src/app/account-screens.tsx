import type { internalImpersonateContract, ResponseOf } from '@meridian/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from '@/lib/router';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import {
  isInternalStaff,
  isOrganisationAdmin,
  sessionFromLogin,
  sessionKeys,
  useSession,
} from '@/features/auth';
import { EmailSettingsRoute } from '@/features/email-settings/routes/email-settings';
import { ImpersonateRoute } from '@/features/impersonate';
import { SsoConfigurationRoute } from '@/features/sso-settings';
import { UsersRoute } from '@/features/users';
import { protectedRoutes } from './routes';

/*
 * The account screens need the signed-in user's roles, which the auth feature owns; features do
 * not import each other, so they meet here.
 */

export function UsersScreen() {
  const session = useSession();
  if (session.isPending) return <FullPageLoader />;
  return (
    <UsersRoute
      viewer={{ canManage: isOrganisationAdmin(session.data), accountId: session.data?.account.id }}
    />
  );
}

export function SsoConfigurationScreen() {
  const session = useSession();
  if (session.isPending) return <FullPageLoader />;
  return <SsoConfigurationRoute canEdit={isOrganisationAdmin(session.data)} />;
}

export function EmailSettingsScreen() {
  const session = useSession();
  if (session.isPending) return <FullPageLoader />;
  return <EmailSettingsRoute canEdit={isOrganisationAdmin(session.data)} />;
}

export function ImpersonateScreen() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onImpersonated = useCallback(
    (answer: ResponseOf<typeof internalImpersonateContract>) => {
      // The new user first, so the staff-only calls of this page turn off before anything
      // refetches; then nothing cached under the staff session survives.
      queryClient.setQueryData(sessionKeys.current(), sessionFromLogin(answer));
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
      void navigate(protectedRoutes.connection.to(), { replace: true });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
    [navigate, queryClient],
  );
  if (session.isPending) return <FullPageLoader />;
  return <ImpersonateRoute allowed={isInternalStaff(session.data)} onImpersonated={onImpersonated} />;
}
