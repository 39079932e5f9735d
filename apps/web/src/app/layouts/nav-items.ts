import { matchesPattern } from '@/lib/path-pattern';
import { protectedRoutes as r } from '../routes';

export interface NavItem {
  label: string;
  to: string;
  /** The routes under which this item shows as active. */
  routes: { pattern: string }[];
}

/** Spec section 2, top navigation. */
export const primaryNav: NavItem[] = [
  { label: 'Campaigns', to: r.campaigns.to(), routes: [r.campaigns, r.campaignEdit] },
  { label: 'Emails', to: r.templates.to(), routes: [r.templates, r.templateEdit] },
  { label: 'Tokens', to: r.tokenList.to(), routes: [r.tokenList, r.token, r.tokenDetail] },
  { label: 'Static lists', to: r.staticLists.to(), routes: [r.staticLists, r.staticListDetail] },
  { label: 'Webhooks', to: r.webhooks.to(), routes: [r.webhooks, r.webhookEdit] },
];

/**
 * Spec section 2, the Settings menu, word for word. Segment has no entry: its page opens from
 * its connection in Data connections, which it shows as active.
 */
export const settingsNav: NavItem[] = [
  {
    label: 'Data connections',
    to: r.connections.to(),
    routes: [
      r.connections,
      r.connection,
      r.connectionDetail,
      r.syncConfiguration,
      r.syncConfigurationDetail,
      r.salesforce,
      r.salesforceOauthComplete,
      r.salesforceDetail,
      r.crmData,
      r.segment,
    ],
  },
  { label: 'Single sign-on', to: r.ssoConfiguration.to(), routes: [r.ssoConfiguration] },
  { label: 'Email settings', to: r.emailSettings.to(), routes: [r.emailSettings] },
  { label: 'Contact database', to: r.contacts.to(), routes: [r.contacts, r.contactDetail] },
  { label: 'User management', to: r.users.to(), routes: [r.users] },
];

/** Shown in the Settings menu only while the local mail capture answers. */
export const devMailsNav: NavItem = {
  label: 'Developer: captured mails',
  to: r.devMails.to(),
  routes: [r.devMails],
};

/** Shown to internal staff only. */
export const impersonateNav: NavItem = {
  label: 'Impersonate',
  to: r.impersonate.to(),
  routes: [r.impersonate],
};

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return item.routes.some((route) => matchesPattern(route.pattern, pathname));
}
