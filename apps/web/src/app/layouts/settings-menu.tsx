import { Menu } from '@mantine/core';
import { Link, useLocation } from '@/lib/router';
import type { LoadedMenuProps } from '@/components/deferred-menu';
import { isNavItemActive, type NavItem } from './nav-items';
import classes from './app-layout.module.css';

export interface SettingsMenuProps {
  items: NavItem[];
  devItem: NavItem | null;
}

/** The Settings entry's menu, loaded on first use (`top-nav.tsx`). */
export function SettingsMenu({
  items,
  devItem,
  target,
  opened,
  onChange,
}: SettingsMenuProps & LoadedMenuProps) {
  const { pathname } = useLocation();
  const renderItem = (item: NavItem) => {
    const itemActive = isNavItemActive(item, pathname);
    return (
      <Menu.Item
        key={item.to}
        component={Link}
        to={item.to}
        className={itemActive ? classes.menuItemActive : undefined}
        aria-current={itemActive ? 'page' : undefined}
      >
        {item.label}
      </Menu.Item>
    );
  };

  return (
    <Menu width={240} position="bottom-start" opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {items.map(renderItem)}
        {devItem ? (
          <>
            <Menu.Divider />
            {renderItem(devItem)}
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
