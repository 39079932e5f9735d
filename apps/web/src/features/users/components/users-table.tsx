import type { AccountRecord } from '@meridian/contracts';
import { ActionIcon, Avatar, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { USER_MESSAGES } from '../utils/messages';
import { displayRole, roleLabel } from '../utils/roles';
import classes from './users.module.css';

export interface UsersTableProps {
  records: AccountRecord[];
  /** Admins manage users; everyone else sees the actions disabled (spec section 6). */
  canManage: boolean;
  currentAccountId?: string;
  onResend: (account: AccountRecord) => void;
  onEdit: (account: AccountRecord) => void;
  onDelete: (account: AccountRecord) => void;
}

export function UsersTable({
  records,
  canManage,
  currentAccountId,
  onResend,
  onEdit,
  onDelete,
}: UsersTableProps) {
  // Wide enough that a full name and its 'You' badge show whole; a phone scrolls sideways.
  return (
    <Table.ScrollContainer minWidth={880} type="native">
      <Table highlightOnHover verticalSpacing="md" data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Full name</Table.Th>
            <Table.Th>Email address</Table.Th>
            <Table.Th w={120}>Role</Table.Th>
            <Table.Th w={150}>Status</Table.Th>
            <Table.Th w={140} ta="right">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((account) => (
            <Table.Tr key={account.id} data-testid="user-row" data-email={account.email}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap" className={classes.nameCell}>
                  <Avatar size={32} radius="xl" color="initials" name={account.name} />
                  <Text size="sm" fw={600} truncate>
                    {account.name}
                  </Text>
                  {account.id === currentAccountId ? (
                    <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                      You
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dark.5" truncate>
                  {account.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <RoleBadge account={account} />
              </Table.Td>
              <Table.Td>
                <InviteState account={account} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {account.is_invite_pending ? (
                    <RowAction
                      label="Resend invite"
                      target={account.email}
                      disabled={!canManage}
                      onClick={() => onResend(account)}
                    >
                      <IconSend size={16} />
                    </RowAction>
                  ) : null}
                  <RowAction
                    label="Edit user"
                    target={account.email}
                    disabled={!canManage}
                    onClick={() => onEdit(account)}
                  >
                    <IconPencil size={16} />
                  </RowAction>
                  {account.is_invite_pending ? (
                    <RowAction
                      label="Delete invite"
                      target={account.email}
                      disabled={!canManage}
                      danger
                      onClick={() => onDelete(account)}
                    >
                      <IconTrash size={16} />
                    </RowAction>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RoleBadge({ account }: { account: AccountRecord }) {
  const role = displayRole(account.roles);
  const color = role === 'CUSTOMER_ORG_USER' ? 'gray' : role === 'INTERNAL_STAFF' ? 'grape' : 'meridian';
  return (
    <Badge variant="light" color={color} radius="sm" tt="none" fw={600}>
      {roleLabel(role)}
    </Badge>
  );
}

function InviteState({ account }: { account: AccountRecord }) {
  if (account.is_invite_pending) {
    return (
      <Badge variant="dot" color="yellow" tt="none" fw={500}>
        Invite pending
      </Badge>
    );
  }
  if (!account.is_active) {
    return (
      <Badge variant="dot" color="gray" tt="none" fw={500}>
        Inactive
      </Badge>
    );
  }
  return (
    <Badge variant="dot" color="teal" tt="none" fw={500}>
      Active
    </Badge>
  );
}

function RowAction({
  label,
  target,
  disabled,
  danger,
  onClick,
  children,
}: {
  label: string;
  target: string;
  disabled: boolean;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={disabled ? USER_MESSAGES.adminsOnly : label}>
      {/* The wrapper keeps the tooltip working on a disabled button. */}
      <span>
        <ActionIcon
          size={32}
          color={danger ? 'red' : 'gray'}
          aria-label={`${label}: ${target}`}
          disabled={disabled}
          onClick={onClick}
        >
          {children}
        </ActionIcon>
      </span>
    </Tooltip>
  );
}
