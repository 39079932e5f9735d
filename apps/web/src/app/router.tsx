import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteErrorScreen } from '@/components/errors/route-error-screen';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import {
  createLoginWithTokenLoader,
  ForgotPasswordRoute,
  LoginPasswordRoute,
  LoginSsoRoute,
  LoginStartRoute,
  PasswordCreateRoute,
  PasswordResetRoute,
  RegisterRoute,
  SsoRedirectRoute,
  VerifyEmailRoute,
} from '@/features/auth';
import { SystemStatus } from '@/features/system-status';
import { UnsubscribedRoute } from '@/features/unsubscribe/routes/unsubscribed';
import { AuthLayout } from './layouts/auth-layout';
import { RequireAuth, UnknownRoute } from './route-guards';
import { RouterNavBridge } from './router-nav-bridge';
import { protectedRoutes, publicRoutes, type ProtectedRouteName, type PublicRouteName } from './routes';

type Screen = Pick<RouteObject, 'element' | 'lazy' | 'loader'>;

/**
 * One entry per protected route of spec section 2, each with its screen: an element
 * (`campaigns: { element: <CampaignListRoute /> }`) or a `lazy` import. A route not built yet
 * shows components/pending-screen.
 */
const protectedScreens: Record<ProtectedRouteName, Screen> = {
  connection: {
    lazy: async () => ({ Component: (await import('./connection-screens')).ConnectionListScreen }),
  },
  connectionDetail: {
    lazy: async () => ({ Component: (await import('./connection-screens')).ConnectionDetailScreen }),
  },
  syncConfiguration: {
    lazy: async () => ({
      Component: (await import('@/features/connections/routes/sync-configuration-list'))
        .SyncConfigurationListRoute,
    }),
  },
  syncConfigurationDetail: {
    lazy: async () => ({ Component: (await import('./connection-screens')).SyncConfigurationScreen }),
  },
  segment: { lazy: async () => ({ Component: (await import('./segment-screen')).SegmentScreen }) },
  campaigns: {
    lazy: async () => ({ Component: (await import('@/features/campaigns/routes/campaigns')).CampaignsRoute }),
  },
  campaignEdit: {
    lazy: async () => ({
      Component: (await import('./campaign-edit-screen')).CampaignEditScreen,
    }),
  },
  templates: {
    lazy: async () => ({ Component: (await import('@/features/templates/routes/templates')).TemplatesRoute }),
  },
  templateEdit: {
    lazy: async () => ({
      Component: (await import('@/features/templates/routes/template-edit')).TemplateEditRoute,
    }),
  },
  webhooks: {
    lazy: async () => ({ Component: (await import('@/features/webhooks/routes/webhooks')).WebhooksRoute }),
  },
  webhookEdit: {
    lazy: async () => ({
      Component: (await import('@/features/webhooks/routes/webhook-edit')).WebhookEditRoute,
    }),
  },
  ssoConfiguration: {
    lazy: async () => ({ Component: (await import('./account-screens')).SsoConfigurationScreen }),
  },
  emailSettings: {
    lazy: async () => ({ Component: (await import('./account-screens')).EmailSettingsScreen }),
  },
  token: {
    lazy: async () => ({
      Component: (await import('@/features/tokens/routes/token-editor')).TokenEditorRoute,
    }),
  },
  tokenDetail: {
    lazy: async () => ({
      Component: (await import('@/features/tokens/routes/token-editor')).TokenEditorRoute,
    }),
  },
  tokenList: {
    lazy: async () => ({ Component: (await import('@/features/tokens/routes/token-list')).TokenListRoute }),
  },
  impersonate: { lazy: async () => ({ Component: (await import('./account-screens')).ImpersonateScreen }) },
  contacts: {
    lazy: async () => ({
      Component: (await import('@/features/contacts/routes/contacts-list')).ContactsListRoute,
    }),
  },
  contactDetail: {
    lazy: async () => ({ Component: (await import('./contact-screens')).ContactDetailScreen }),
  },
  users: { lazy: async () => ({ Component: (await import('./account-screens')).UsersScreen }) },
  staticLists: {
    lazy: async () => ({
      Component: (await import('@/features/static-lists/routes/static-lists')).StaticListsRoute,
    }),
  },
  staticListDetail: {
    lazy: async () => ({
      Component: (await import('@/features/static-lists/routes/static-list-detail')).StaticListDetailRoute,
    }),
  },
  salesforce: { lazy: async () => ({ Component: (await import('./salesforce-screens')).SalesforceScreen }) },
  salesforceOauthComplete: {
    lazy: async () => ({ Component: (await import('./salesforce-screens')).SalesforceOAuthCompleteScreen }),
  },
  salesforceDetail: {
    lazy: async () => ({ Component: (await import('./salesforce-screens')).SalesforceScreen }),
  },
  connections: {
    lazy: async () => ({ Component: (await import('./connection-screens')).ConnectionsOverviewScreen }),
  },
  crmData: { lazy: async () => ({ Component: (await import('./crm-data-screen')).CrmDataScreen }) },
  devMails: {
    lazy: async () => ({ Component: (await import('@/features/dev-mails/routes/dev-mails')).DevMailsRoute }),
  },
};

/** Public screens shown in the login card, with the service status in the footer. */
const loginScreens: Record<Exclude<PublicRouteName, 'unsubscribed' | 'loginWithToken'>, Screen> = {
  register: { element: <RegisterRoute /> },
  loginStart: { element: <LoginStartRoute /> },
  loginPassword: { element: <LoginPasswordRoute /> },
  loginSso: { element: <LoginSsoRoute /> },
  ssoRedirect: { element: <SsoRedirectRoute /> },
  passwordCreate: { element: <PasswordCreateRoute /> },
  passwordReset: { element: <PasswordResetRoute /> },
  verifyEmail: { element: <VerifyEmailRoute /> },
  forgotPassword: { element: <ForgotPasswordRoute /> },
};

function toRoutes<N extends string>(
  defs: Record<N, { pattern: string }>,
  screens: Record<N, Screen>,
): RouteObject[] {
  return (Object.keys(screens) as N[]).map((name) => ({ path: defs[name].pattern, ...screens[name] }));
}

export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      // Screens written against `@/lib/nav` (the login steps) read the router through it.
      element: <RouterNavBridge />,
      errorElement: <RouteErrorScreen />,
      // Shown while the first screen's code loads (every screen past login is a lazy chunk).
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        { element: <AuthLayout footer={<SystemStatus />} />, children: toRoutes(publicRoutes, loginScreens) },
        {
          element: <AuthLayout />,
          children: [{ path: publicRoutes.unsubscribed.pattern, element: <UnsubscribedRoute /> }],
        },
        {
          path: publicRoutes.loginWithToken.pattern,
          loader: createLoginWithTokenLoader(queryClient),
          hydrateFallbackElement: <FullPageLoader />,
          element: null,
        },
        {
          element: <RequireAuth />,
          children: [
            {
              // The signed-in frame (navigation, menus, drawer) is code the public pages never load.
              lazy: async () => ({ Component: (await import('./layouts/app-layout')).AppLayout }),
              children: toRoutes(protectedRoutes, protectedScreens),
            },
          ],
        },
        { index: true, element: <UnknownRoute /> },
        { path: '*', element: <UnknownRoute /> },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
