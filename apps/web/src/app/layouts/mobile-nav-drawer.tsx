import { Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from '@/lib/router';
import { isNavItemActive, type NavItem } from './nav-items';

export interface MobileNavDrawerProps {
  opened: boolean;
  onClose: () => void;
  primary: NavItem[];
  settings: NavItem[];
  extra: NavItem[];
  onLogout: () => void;
}

/** Every entry of the top navigation in a drawer: loaded when the menu button is first used. */
export function MobileNavDrawer({
  opened,
  onClose,
  primary,
  settings,
  extra,
  onLogout,
}: MobileNavDrawerProps) {
  const { pathname } = useLocation();
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
        onClick={onClose}
      />
    );
  };
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" size="xs" position="right">
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
  );
}
