import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { useLocation } from '@/lib/router';
import { lazyDialog } from '@/components/lazy-dialog';
import type { NavItem } from './nav-items';

// The drawer (and the dialog code under it) loads when the menu button is first pointed at,
// focused or pressed: wide screens never show it, narrow ones only on demand.
const MobileNavDrawer = lazyDialog(async () => (await import('./mobile-nav-drawer')).MobileNavDrawer);

export interface MobileNavProps {
  primary: NavItem[];
  settings: NavItem[];
  extra: NavItem[];
  onLogout: () => void;
}

/** The top navigation on a narrow screen: a menu button that opens every entry in a drawer. */
export function MobileNav({ primary, settings, extra, onLogout }: MobileNavProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // Any navigation (an entry, the browser's back button) closes the drawer.
  useEffect(close, [pathname, close]);
  return (
    <>
      <Burger
        opened={opened}
        onClick={toggle}
        onPointerEnter={MobileNavDrawer.preload}
        onFocus={MobileNavDrawer.preload}
        size="sm"
        aria-label={opened ? 'Close navigation' : 'Open navigation'}
        aria-expanded={opened}
      />
      <MobileNavDrawer
        opened={opened}
        onClose={close}
        primary={primary}
        settings={settings}
        extra={extra}
        onLogout={onLogout}
      />
    </>
  );
}
