import type { ClientConfig, Session } from '@meridian/contracts';
import { useEffect } from 'react';
import { isInternalStaff } from '@/features/auth/utils/roles';
import { loadClientConfig } from '@/lib/client-config';
import { matchesPattern } from '@/lib/path-pattern';
import { addSupportWidget, hasSupportWidget, isInternalUser } from '@/lib/support-widget';
import { publicRoutes } from '../routes';

/** Pages the widget never shows on (spec section 2). */
const PAGES_WITHOUT_WIDGET = [publicRoutes.unsubscribed.pattern];

/**
 * The support widget's script for this user on this page, or null. Spec section 2: shown except
 * for internal-domain users and on the unsubscribed page; staff impersonating a customer are
 * still staff.
 */
export function supportWidgetFor(config: ClientConfig, session: Session, pathname: string): string | null {
  const src = config.support_widget_url;
  if (!src) return null;
  if (PAGES_WITHOUT_WIDGET.some((pattern) => matchesPattern(pattern, pathname))) return null;
  const emails = [session.account.email, session.impersonator?.email];
  if (
    isInternalStaff(session) ||
    isInternalUser(config.internal_domain, emails, session.organisation.domain)
  ) {
    return null;
  }
  return src;
}

export interface SupportWidgetDeps {
  loadConfig?: () => Promise<ClientConfig>;
  doc?: Document;
  reload?: () => void;
}

const reloadPage = () => window.location.reload();

/**
 * The signed-in frame's widget: once the first screen is up, the configuration is read (once for
 * the page) and the script added when this user may see it. A script cannot be taken off a
 * page: when it is there but this user may not see it (another account signed in, in this tab),
 * the page loads again, without it.
 */
export function useSupportWidget(
  session: Session | undefined,
  pathname: string,
  { loadConfig = loadClientConfig, doc = document, reload = reloadPage }: SupportWidgetDeps = {},
): void {
  useEffect(() => {
    if (!session) return;
    let current = true;
    void loadConfig().then((config) => {
      if (!current) return;
      const src = supportWidgetFor(config, session, pathname);
      if (src) addSupportWidget(src, doc);
      else if (hasSupportWidget(doc)) reload();
    });
    return () => {
      current = false;
    };
  }, [session, pathname, loadConfig, doc, reload]);
}
