import type { AccountRecord } from '@meridian/contracts';
import {
  Alert,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { PageLayout } from '@/components/layout/page-layout';
import { errorMessage } from '@/lib/error-handling';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useDeleteInvite } from '../api/delete-invite';
import { useUsers } from '../api/get-users';
import { InviteUsersModal } from '../components/invite-users-modal';
import { ModalTitle } from '../components/modal-title';
import { UserEditModal, type UserEditTarget } from '../components/user-edit-modal';
import { UsersTable } from '../components/users-table';
import { USER_MESSAGES, usersCount, usersHeading } from '../utils/messages';

export interface UsersViewer {
  /** Organisation admins invite, resend, edit and delete (spec section 6). */
  canManage: boolean;
  accountId?: string;
}

/** /users: the organisation's users and open invites. */
export function UsersRoute({ viewer }: { viewer: UsersViewer }) {
  const users = useUsers();
  const deleteInvite = useDeleteInvite();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<UserEditTarget | null>(null);
  const records = users.data?.records ?? [];
  const total = users.data?.total_count ?? records.length;

  const confirmDelete = (account: AccountRecord) =>
    modals.openConfirmModal({
      title: <ModalTitle>Delete invite</ModalTitle>,
      children: (
        <Stack gap="xs">
          <Text size="sm">{USER_MESSAGES.deleteInviteConfirm}</Text>
          <Text size="sm" c="dimmed">
            {account.name} · {account.email}
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Delete invite', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteInvite.mutate(account.id, {
          onSuccess: () => showSuccessToast(USER_MESSAGES.inviteDeleted),
          onError: () => showErrorToast(USER_MESSAGES.inviteDeletionFailed),
        }),
    });

  return (
    <PageLayout
      title={users.isSuccess ? usersHeading(total) : 'Users'}
      description="Invite your team to Meridian and choose who can manage it."
      actions={
        viewer.canManage ? (
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>
            Invite users
          </Button>
        ) : null
      }
    >
      <Paper p={0}>
        {users.isPending ? (
          <UsersSkeleton />
        ) : users.isError ? (
          <Box p="lg">
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title="Users could not be loaded"
            >
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{errorMessage(users.error)}</Text>
                <Button
                  size="xs"
                  variant="white"
                  color="red"
                  onClick={() => void users.refetch()}
                  loading={users.isFetching}
                >
                  Try again
                </Button>
              </Stack>
            </Alert>
          </Box>
        ) : records.length === 0 ? (
          <EmptyUsers />
        ) : (
          <>
            <UsersTable
              records={records}
              canManage={viewer.canManage}
              currentAccountId={viewer.accountId}
              onResend={(account) => setEditing({ mode: 'resend', account })}
              onEdit={(account) => setEditing({ mode: 'edit', account })}
              onDelete={confirmDelete}
            />
            <Divider />
            <Group px="md" py="sm" justify="space-between">
              <Text size="sm" c="dimmed" data-testid="users-count">
                {usersCount(total)}
              </Text>
              {!viewer.canManage ? (
                <Text size="xs" c="dimmed">
                  {USER_MESSAGES.adminsOnly}
                </Text>
              ) : null}
            </Group>
          </>
        )}
      </Paper>
      <InviteUsersModal opened={inviting} onClose={() => setInviting(false)} />
      <UserEditModal target={editing} onClose={() => setEditing(null)} />
    </PageLayout>
  );
}

function UsersSkeleton() {
  return (
    <Stack gap={0} p="md" role="status" aria-busy="true" aria-label="Loading users">
      {Array.from({ length: 5 }, (_, index) => (
        <Group key={index} gap="md" py="sm" wrap="nowrap">
          <Skeleton circle height={32} />
          <Skeleton height={12} width="22%" radius="xl" />
          <Skeleton height={12} width="30%" radius="xl" />
          <Skeleton height={12} width="10%" radius="xl" />
          <Skeleton height={12} width="12%" radius="xl" />
        </Group>
      ))}
    </Stack>
  );
}

function EmptyUsers() {
  return (
    <Center py={72}>
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconUsers size={26} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600}>{USER_MESSAGES.noUsers}</Text>
      </Stack>
    </Center>
  );
}
