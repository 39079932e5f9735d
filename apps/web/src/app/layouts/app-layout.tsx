import type { CSSProperties } from 'react';
import { Outlet, useLocation } from '@/lib/router';
// By module, not the feature's index: that would bring every login screen (and their schemas).
import { useSession } from '@/features/auth/api/get-session';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { DeferredConfirmDialogs } from './deferred-confirm-dialogs';
import { IMPERSONATION_BANNER_HEIGHT, ImpersonationBanner } from './impersonation-banner';
import { useSupportWidget } from './support-widget';
import { TopNav } from './top-nav';
import classes from './app-layout.module.css';

const HEADER_HEIGHT = 64;

/** The frame of every signed-in screen: the header bar with the top navigation, then the page. */
export function AppLayout() {
  const session = useSession();
  const logout = useLogout();
  const { pathname } = useLocation();
  const impersonated = Boolean(session.data?.impersonator);
  // Signed-in pages only: the public ones (the unsubscribed page among them) never load it.
  useSupportWidget(session.data, pathname);

  // Confirm dialogs (`modals.openConfirmModal`) are opened by signed-in screens only: their
  // provider, and the dialog code under it, load with the first one (`DeferredConfirmDialogs`).
  // The header is fixed; the page starts below it. The two variables are the ones screens read for
  // the header's height (the template editor fills the rest of the viewport).
  const headerHeight = HEADER_HEIGHT + (impersonated ? IMPERSONATION_BANNER_HEIGHT : 0);
  const frame = {
    '--app-shell-header-height': `${headerHeight}px`,
    '--app-shell-header-offset': `${headerHeight}px`,
  } as CSSProperties;
  return (
    <>
      <div style={frame}>
        {/* The first stop of the keyboard: past the navigation, straight to the screen. */}
        <a href="#main-content" className={classes.skipLink}>
          Skip to content
        </a>
        <header className={classes.header}>
          {session.data && impersonated ? (
            <ImpersonationBanner session={session.data} onEnd={() => void logout()} />
          ) : null}
          <div style={{ height: HEADER_HEIGHT }}>
            <TopNav />
          </div>
        </header>
        <main id="main-content" tabIndex={-1} className={classes.main}>
          <Outlet />
        </main>
      </div>
      <DeferredConfirmDialogs />
    </>
  );
}
