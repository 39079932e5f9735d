import { Menu } from '@mantine/core';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import type { LoadedMenuProps } from '@/components/deferred-menu';
import { useMenuChoice } from '@/components/menu-choice';

export interface ContactsActionsMenuProps {
  onCreate: () => void;
  onImport: () => void;
}

/** The contacts list's Actions menu: loaded on first use (`deferredMenu`). */
export function ContactsActionsMenu({
  target,
  opened,
  onChange,
  focusTarget,
  onCreate,
  onImport,
}: ContactsActionsMenuProps & LoadedMenuProps) {
  // Each item opens a dialog: it opens once the menu has closed, with the focus back on Actions.
  const menu = useMenuChoice(focusTarget);
  return (
    <Menu position="bottom-end" opened={opened} onChange={onChange} onClose={menu.onClose}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUserPlus size={16} />} onClick={menu.choose(onCreate)}>
          Create Contact
        </Menu.Item>
        <Menu.Item leftSection={<IconFileImport size={16} />} onClick={menu.choose(onImport)}>
          Import Contacts
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
