import { fillPath, type PathParam } from '@/lib/path-pattern';

/**
 * Every route of spec section 2, in one place. `pattern` goes to the router; `to()` builds a link
 * (`protectedRoutes.campaignEdit.to({ id })`); `title` names the screen.
 */
export interface RouteDef<P extends string = string> {
  readonly pattern: P;
  readonly title: string;
  readonly to: (...params: [PathParam<P>] extends [never] ? [] : [Record<PathParam<P>, string>]) => string;
}

function route<P extends string>(pattern: P, title: string): RouteDef<P> {
  return {
    pattern,
    title,
    to: (...params) => fillPath(pattern, params[0] as Record<string, string> | undefined),
  };
}

export const publicRoutes = {
  register: route('/register', 'Create your account'),
  loginStart: route('/login/start', 'Log in'),
  loginPassword: route('/login/password', 'Log in'),
  loginSso: route('/login/sso', 'Single sign-on'),
  ssoRedirect: route('/sso-redirect', 'Signing you in'),
  passwordCreate: route('/password/create/:token', 'Create password'),
  passwordReset: route('/password/reset/:token', 'Reset password'),
  verifyEmail: route('/verify-email/:token', 'Verify email'),
  forgotPassword: route('/forgot-password/email', 'Forgot password'),
  unsubscribed: route('/unsubscribed', 'Unsubscribed'),
  loginWithToken: route('/internal/login-with-token', 'Signing you in'),
} as const;

export const protectedRoutes = {
  connection: route('/connection', 'Connection'),
  connectionDetail: route('/connection/:id', 'Connection'),
  syncConfiguration: route('/sync/configuration', 'Sync configuration'),
  syncConfigurationDetail: route('/sync/configuration/:id', 'Sync configuration'),
  segment: route('/segment', 'Segment integration'),
  campaigns: route('/campaigns', 'Campaigns'),
  campaignEdit: route('/campaign/edit/:id', 'Campaign'),
  templates: route('/templates', 'Emails'),
  templateEdit: route('/template/edit/:id', 'Email'),
  webhooks: route('/webhooks', 'Webhooks'),
  webhookEdit: route('/webhook/edit/:id', 'Webhook'),
  ssoConfiguration: route('/sso-configuration', 'Single sign-on'),
  emailSettings: route('/email-settings', 'Email settings'),
  token: route('/token', 'New token'),
  tokenDetail: route('/token/:id', 'Token'),
  tokenList: route('/token-list', 'Tokens'),
  impersonate: route('/internal/impersonate', 'Impersonate'),
  contacts: route('/contacts', 'Contact database'),
  contactDetail: route('/contacts/:id', 'Contact'),
  users: route('/users', 'User management'),
  staticLists: route('/lists/static-list', 'Static lists'),
  staticListDetail: route('/lists/static-list/:id', 'Static list'),
  salesforce: route('/salesforce', 'Salesforce'),
  salesforceOauthComplete: route('/salesforce/oauth.complete', 'Salesforce'),
  salesforceDetail: route('/salesforce/:id', 'Salesforce'),
  connections: route('/connections', 'Data connections'),
  crmData: route('/crm-data', 'CRM data mapping'),
  devMails: route('/dev/mails', 'Captured mails'),
} as const;

export type PublicRouteName = keyof typeof publicRoutes;
export type ProtectedRouteName = keyof typeof protectedRoutes;

/** Where signed-out visitors land, and where unknown public paths go. */
export const LOGIN_PATH = publicRoutes.loginStart.pattern;
/** Where signed-in users land, and where unknown protected paths go. */
export const HOME_PATH = protectedRoutes.campaigns.pattern;
