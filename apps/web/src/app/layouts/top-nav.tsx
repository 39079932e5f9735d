import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconUserShare } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from '@/lib/router';
import { InitialsAvatar } from '@/components/badges';
import { deferredMenu } from '@/components/deferred-menu';
import { Brand } from '@/components/layout/brand';
import { useSession } from '@/features/auth/api/get-session';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { isInternalStaff } from '@/features/auth/utils/roles';
import { useDevMailsAvailability } from '@/features/dev-mails/api/dev-mails-availability';
import { HOME_PATH } from '../routes';
import {
  devMailsNav,
  impersonateNav,
  isNavItemActive,
  primaryNav,
  settingsNav,
  type NavItem,
} from './nav-items';
import { MobileNav } from './mobile-nav';
import classes from './app-layout.module.css';

// The menu (and the positioning library under it) loads when the Settings button is first used.
const SettingsMenu = deferredMenu(async () => (await import('./settings-menu')).SettingsMenu);

/** The top navigation of spec section 2. */
export function TopNav() {
  const session = useSession();
  const devMails = useDevMailsAvailability();
  const logout = useLogout();
  const staff = isInternalStaff(session.data);
  const extra = [...(devMails.isSuccess ? [devMailsNav] : []), ...(staff ? [impersonateNav] : [])];

  return (
    <Group h="100%" px={{ base: 'md', md: 'xl' }} justify="space-between" wrap="nowrap" gap="xl">
      <Group gap={36} wrap="nowrap" miw={0}>
        <Link to={HOME_PATH} className={classes.brandLink}>
          <Brand heading />
        </Link>
        <nav className={classes.nav} aria-label="Main" data-wide-only>
          {primaryNav.map((item) => (
            <TopNavLink key={item.to} item={item} />
          ))}
          <SettingsEntry items={settingsNav} devItem={devMails.isSuccess ? devMailsNav : null} />
          {staff ? (
            <TopNavLink item={impersonateNav} icon={<IconUserShare size={16} stroke={1.8} />} />
          ) : null}
        </nav>
      </Group>
      <Group gap="md" wrap="nowrap">
        {session.data ? (
          // A native title, not Mantine's Tooltip: that would bring the positioning library into
          // every signed-in screen's first load for a hint on hover.
          <Group
            gap={10}
            wrap="nowrap"
            visibleFrom="md"
            title={`${session.data.account.email} · ${session.data.organisation.name}`}
          >
            <InitialsAvatar name={session.data.account.name} />
            <div>
              <Text size="sm" fw={600} lh={1.2} truncate maw={180}>
                {session.data.account.name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2} truncate maw={180}>
                {session.data.organisation.name}
              </Text>
            </div>
          </Group>
        ) : null}
        <UnstyledButton className={classes.navItem} data-wide-only onClick={() => void logout()}>
          <IconLogout size={16} stroke={1.8} />
          Logout
        </UnstyledButton>
        <div className={classes.narrowOnly}>
          <MobileNav
            primary={primaryNav}
            settings={settingsNav}
            extra={extra}
            onLogout={() => void logout()}
          />
        </div>
      </Group>
    </Group>
  );
}

function SettingsEntry({ items, devItem }: { items: NavItem[]; devItem: NavItem | null }) {
  const { pathname } = useLocation();
  const active = [...items, ...(devItem ? [devItem] : [])].some((item) => isNavItemActive(item, pathname));
  return (
    <SettingsMenu
      items={items}
      devItem={devItem}
      target={
        <UnstyledButton className={classes.navItem} data-active={active || undefined}>
          <IconSettings size={16} stroke={1.8} />
          Settings
          <IconChevronDown size={14} stroke={1.8} />
        </UnstyledButton>
      }
    />
  );
}

function TopNavLink({ item, icon }: { item: NavItem; icon?: ReactNode }) {
  const { pathname } = useLocation();
  const active = isNavItemActive(item, pathname);
  return (
    <Link
      to={item.to}
      className={classes.navItem}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
    >
      {icon}
      {item.label}
    </Link>
  );
}
