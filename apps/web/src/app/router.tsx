import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from '@/lib/router';
import { RouteErrorScreen } from '@/components/errors/route-error-screen';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import { createLoginWithTokenLoader } from '@/features/auth/routes/login-with-token';
import { RequireAuth, UnknownRoute } from './route-guards';
import { RouterNavBridge } from './router-nav-bridge';
import { protectedRoutes, publicRoutes, type ProtectedRouteName, type PublicRouteName } from './routes';

/**
 * One import() per module: each carries the list of chunks to fetch with it, and the app's first
 * load carries every list.
 */
const connectionScreens = () => import('./connection-screens');
const accountScreens = () => import('./account-screens');
const salesforceScreens = () => import('./salesforce-screens');
const tokenEditor = () => import('@/features/tokens/routes/token-editor');
const passwordLink = () => import('@/features/auth/routes/password-link');
const loginSteps = () => import('@/features/auth/early');
const authLayout = () => import('./layouts/auth-layout');

type Screen = Pick<RouteObject, 'element' | 'lazy' | 'loader'>;

/**
 * One entry per protected route of spec section 2, each with its screen: an element
 * (`campaigns: { element: <CampaignListRoute /> }`) or a `lazy` import. A route not built yet
 * shows components/pending-screen.
 */
const protectedScreens: Record<ProtectedRouteName, Screen> = {
  connection: {
    lazy: async () => ({ Component: (await connectionScreens()).ConnectionListScreen }),
  },
  connectionDetail: {
    lazy: async () => ({ Component: (await connectionScreens()).ConnectionDetailScreen }),
  },
  syncConfiguration: {
    lazy: async () => ({
      Component: (await import('@/features/connections/routes/sync-configuration-list'))
        .SyncConfigurationListRoute,
    }),
  },
  syncConfigurationDetail: {
    lazy: async () => ({ Component: (await connectionScreens()).SyncConfigurationScreen }),
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
    lazy: async () => ({ Component: (await accountScreens()).SsoConfigurationScreen }),
  },
  emailSettings: {
    lazy: async () => ({ Component: (await accountScreens()).EmailSettingsScreen }),
  },
  token: {
    lazy: async () => ({
      Component: (await tokenEditor()).TokenEditorRoute,
    }),
  },
  tokenDetail: {
    lazy: async () => ({
      Component: (await tokenEditor()).TokenEditorRoute,
    }),
  },
  tokenList: {
    lazy: async () => ({ Component: (await import('@/features/tokens/routes/token-list')).TokenListRoute }),
  },
  impersonate: { lazy: async () => ({ Component: (await accountScreens()).ImpersonateScreen }) },
  contacts: {
    lazy: async () => ({
      Component: (await import('@/features/contacts/routes/contacts-list')).ContactsListRoute,
    }),
  },
  contactDetail: {
    lazy: async () => ({ Component: (await import('./contact-screens')).ContactDetailScreen }),
  },
  users: { lazy: async () => ({ Component: (await accountScreens()).UsersScreen }) },
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
  salesforce: { lazy: async () => ({ Component: (await salesforceScreens()).SalesforceScreen }) },
  salesforceOauthComplete: {
    lazy: async () => ({ Component: (await salesforceScreens()).SalesforceOAuthCompleteScreen }),
  },
  salesforceDetail: {
    lazy: async () => ({ Component: (await salesforceScreens()).SalesforceScreen }),
  },
  connections: {
    lazy: async () => ({ Component: (await connectionScreens()).ConnectionsOverviewScreen }),
  },
  crmData: { lazy: async () => ({ Component: (await import('./crm-data-screen')).CrmDataScreen }) },
  devMails: {
    lazy: async () => ({ Component: (await import('@/features/dev-mails/routes/dev-mails')).DevMailsRoute }),
  },
};

/**
 * Public screens shown in the login card, with the service status in the footer: chunks of their
 * own (the login steps one chunk with the first load of the login page, `entry/`), so a signed-in
 * screen's first load carries none of their forms, schemas and components.
 */
const loginScreens: Record<Exclude<PublicRouteName, 'unsubscribed' | 'loginWithToken'>, Screen> = {
  register: {
    lazy: async () => ({ Component: (await import('@/features/auth/routes/register')).RegisterRoute }),
  },
  loginStart: { lazy: async () => ({ Component: (await loginSteps()).LoginStartRoute }) },
  loginPassword: {
    lazy: async () => ({
      Component: (await import('@/features/auth/routes/login-password')).LoginPasswordRoute,
    }),
  },
  loginSso: {
    lazy: async () => ({ Component: (await import('@/features/auth/routes/login-sso')).LoginSsoRoute }),
  },
  ssoRedirect: {
    lazy: async () => ({ Component: (await import('@/features/auth/routes/sso-redirect')).SsoRedirectRoute }),
  },
  passwordCreate: {
    lazy: async () => ({
      Component: (await passwordLink()).PasswordCreateRoute,
    }),
  },
  passwordReset: {
    lazy: async () => ({
      Component: (await passwordLink()).PasswordResetRoute,
    }),
  },
  verifyEmail: {
    lazy: async () => ({ Component: (await import('@/features/auth/routes/verify-email')).VerifyEmailRoute }),
  },
  forgotPassword: {
    lazy: async () => ({
      Component: (await import('@/features/auth/routes/forgot-password')).ForgotPasswordRoute,
    }),
  },
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
        {
          lazy: async () => {
            const [{ AuthLayout }, { SystemStatus }] = await Promise.all([
              authLayout(),
              import('@/features/system-status'),
            ]);
            return { element: <AuthLayout footer={<SystemStatus />} /> };
          },
          children: toRoutes(publicRoutes, loginScreens),
        },
        {
          lazy: async () => ({ Component: (await authLayout()).AuthLayout }),
          children: [
            {
              path: publicRoutes.unsubscribed.pattern,
              lazy: async () => ({
                Component: (await import('@/features/unsubscribe/routes/unsubscribed')).UnsubscribedRoute,
              }),
            },
          ],
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
