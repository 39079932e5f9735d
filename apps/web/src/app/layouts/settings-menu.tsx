import { Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconSettings } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { isNavItemActive, type NavItem } from './nav-items';
import classes from './app-layout.module.css';

/** The Settings entry of the top navigation, with its menu. */
export function SettingsMenu({ items, devItem }: { items: NavItem[]; devItem: NavItem | null }) {
  const { pathname } = useLocation();
  const all = devItem ? [...items, devItem] : items;
  const active = all.some((item) => isNavItemActive(item, pathname));
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
    <Menu width={240} position="bottom-start">
      <Menu.Target>
        <UnstyledButton className={classes.navItem} data-active={active || undefined}>
          <IconSettings size={16} stroke={1.8} />
          Settings
          <IconChevronDown size={14} stroke={1.8} />
        </UnstyledButton>
      </Menu.Target>
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
