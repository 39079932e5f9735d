import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteErrorScreen } from '@/components/errors/route-error-screen';
import { FullPageLoader } from '@/components/layout/full-page-loader';
import { PendingScreen } from '@/components/pending-screen';
import { createLoginWithTokenLoader, LoginStartRoute } from '@/features/auth';
import { SystemStatus } from '@/features/system-status';
import { UnsubscribedRoute } from '@/features/unsubscribe/routes/unsubscribed';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { RequireAuth, UnknownRoute } from './route-guards';
import { protectedRoutes, publicRoutes, type ProtectedRouteName, type PublicRouteName } from './routes';

type Screen = Pick<RouteObject, 'element' | 'lazy' | 'loader'>;

const pendingPage = (name: ProtectedRouteName): Screen => ({
  element: <PendingScreen title={protectedRoutes[name].title} />,
});
const pendingCard = (name: PublicRouteName): Screen => ({
  element: <PendingScreen title={publicRoutes[name].title} variant="card" />,
});

/**
 * One entry per protected route of spec section 2: a feature replaces its `pendingPage(...)`
 * with its screen, e.g. `campaigns: { element: <CampaignListRoute /> }` or a `lazy` import.
 */
const protectedScreens: Record<ProtectedRouteName, Screen> = {
  connection: pendingPage('connection'),
  connectionDetail: pendingPage('connectionDetail'),
  syncConfiguration: pendingPage('syncConfiguration'),
  syncConfigurationDetail: pendingPage('syncConfigurationDetail'),
  segment: pendingPage('segment'),
  campaigns: pendingPage('campaigns'),
  campaignEdit: pendingPage('campaignEdit'),
  templates: pendingPage('templates'),
  templateEdit: pendingPage('templateEdit'),
  webhooks: pendingPage('webhooks'),
  webhookEdit: pendingPage('webhookEdit'),
  ssoConfiguration: pendingPage('ssoConfiguration'),
  emailSettings: pendingPage('emailSettings'),
  token: pendingPage('token'),
  tokenDetail: pendingPage('tokenDetail'),
  tokenList: pendingPage('tokenList'),
  impersonate: pendingPage('impersonate'),
  contacts: pendingPage('contacts'),
  contactDetail: pendingPage('contactDetail'),
  users: pendingPage('users'),
  staticLists: pendingPage('staticLists'),
  staticListDetail: pendingPage('staticListDetail'),
  salesforce: pendingPage('salesforce'),
  salesforceOauthComplete: pendingPage('salesforceOauthComplete'),
  salesforceDetail: pendingPage('salesforceDetail'),
  connections: pendingPage('connections'),
  crmData: pendingPage('crmData'),
  devMails: {
    lazy: async () => ({ Component: (await import('@/features/dev-mails/routes/dev-mails')).DevMailsRoute }),
  },
};

/** Public screens shown in the login card, with the service status in the footer. */
const loginScreens: Record<Exclude<PublicRouteName, 'unsubscribed' | 'loginWithToken'>, Screen> = {
  register: pendingCard('register'),
  loginStart: { element: <LoginStartRoute /> },
  loginPassword: pendingCard('loginPassword'),
  loginSso: pendingCard('loginSso'),
  ssoRedirect: pendingCard('ssoRedirect'),
  passwordCreate: pendingCard('passwordCreate'),
  passwordReset: pendingCard('passwordReset'),
  verifyEmail: pendingCard('verifyEmail'),
  forgotPassword: pendingCard('forgotPassword'),
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
      errorElement: <RouteErrorScreen />,
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
          children: [{ element: <AppLayout />, children: toRoutes(protectedRoutes, protectedScreens) }],
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
