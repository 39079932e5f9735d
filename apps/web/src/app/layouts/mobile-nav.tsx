import { Burger, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { isNavItemActive, type NavItem } from './nav-items';

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
  const link = (item: NavItem) => {
    const active = isNavItemActive(item, pathname);
    return (
      <NavLink
        key={item.to}
        component={Link}
        to={item.to}
        label={item.label}
        active={active}
        aria-current={active ? 'page' : undefined}
        // The current screen's entry navigates nowhere: the drawer closes all the same.
        onClick={close}
      />
    );
  };
  return (
    <>
      <Burger
        opened={opened}
        onClick={toggle}
        size="sm"
        aria-label={opened ? 'Close navigation' : 'Open navigation'}
        aria-expanded={opened}
      />
      <Drawer opened={opened} onClose={close} title="Menu" size="xs" position="right">
        <nav aria-label="Main">
          <Stack gap={2}>
            {primary.map(link)}
            <Divider my="xs" />
            <Text size="xs" fw={600} c="dimmed" px="sm" tt="uppercase">
              Settings
            </Text>
            {settings.map(link)}
            {extra.length > 0 ? <Divider my="xs" /> : null}
            {extra.map(link)}
            <Divider my="xs" />
            <NavLink
              component="button"
              label="Logout"
              leftSection={<IconLogout size={16} stroke={1.8} />}
              onClick={onLogout}
            />
          </Stack>
        </nav>
      </Drawer>
    </>
  );
}
