import { Menu } from '@mantine/core';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import type { LoadedMenuProps } from '@/components/deferred-menu';

export interface ContactsActionsMenuProps {
  onCreate: () => void;
  onImport: () => void;
}

/** The contacts list's Actions menu: loaded on first use (`deferredMenu`). */
export function ContactsActionsMenu({
  target,
  opened,
  onChange,
  onCreate,
  onImport,
}: ContactsActionsMenuProps & LoadedMenuProps) {
  return (
    <Menu position="bottom-end" opened={opened} onChange={onChange}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUserPlus size={16} />} onClick={onCreate}>
          Create Contact
        </Menu.Item>
        <Menu.Item leftSection={<IconFileImport size={16} />} onClick={onImport}>
          Import Contacts
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
