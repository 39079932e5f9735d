import { ActionIcon, Menu, Table } from '@mantine/core';
import { IconDots, type TablerIcon } from '@tabler/icons-react';
import { useMenuChoice } from '../menu-choice';

export interface RowAction {
  label: string;
  icon: TablerIcon;
  onClick: () => void;
  /** Shown in red, for removing the record. */
  danger?: boolean;
}

export interface RowActionsMenuProps {
  /** The record's name, for the menu button's aria label. */
  name: string;
  actions: RowAction[];
}

/** A row's last cell: the "…" menu of actions, without opening the row when clicked. */
export function RowActionsMenu({ name, actions }: RowActionsMenuProps) {
  // An action runs once the menu has closed, with the focus back on the menu button.
  const menu = useMenuChoice();
  return (
    <Table.Td onClick={(event) => event.stopPropagation()}>
      <Menu position="bottom-end" onClose={menu.onClose}>
        <Menu.Target>
          <ActionIcon ref={menu.trigger} aria-label={`Actions for ${name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map(({ label, icon: Icon, onClick, danger }) => (
            <Menu.Item
              key={label}
              color={danger ? 'red' : undefined}
              leftSection={<Icon size={16} />}
              onClick={menu.choose(onClick)}
            >
              {label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Table.Td>
  );
}
