import { MAX_INVITES_PER_REQUEST } from '@meridian/contracts';
import { ActionIcon, Button, Group, Modal, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { fieldErrorsOf } from '@/lib/error-handling';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useInviteUsers } from '../api/invite-users';
import { ROLE_OPTIONS } from '../utils/roles';
import { ModalTitle } from './modal-title';
import {
  emptyInviteRow,
  inviteFailedMessage,
  inviteFormSchema,
  toCreateUsersRequest,
  type InviteForm,
} from '../utils/user-forms';
import classes from './users.module.css';

/** 'Invite users': rows of name, email and role; each invitee gets a link to create a password. */
export function InviteUsersModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<ModalTitle>Invite users</ModalTitle>}
      size={760}
      radius="lg"
      centered
    >
      {/* Mounted only while open, so every opening starts with one empty row. */}
      {opened ? <InviteUsersForm onDone={onClose} /> : null}
    </Modal>
  );
}

function InviteUsersForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteUsers();
  const form = useForm<InviteForm>({
    mode: 'controlled',
    initialValues: { users: [emptyInviteRow()] },
    validate: schemaResolver(inviteFormSchema, { sync: true }),
  });
  const rows = form.values.users;

  const submit = form.onSubmit((values) => {
    const request = toCreateUsersRequest(values);
    const emails = request.users.map((user) => user.email);
    invite.mutate(request, {
      onSuccess: () => {
        showSuccessToast(emails.length === 1 ? 'Invitation sent' : 'Invitations sent');
        onDone();
      },
      onError: (error) => {
        form.setErrors(fieldErrorsOf(error));
        showErrorToast(inviteFailedMessage(emails));
      },
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          Each person gets an email with a link to create their password.
        </Text>
        <Stack gap="sm">
          {rows.map((row, index) => (
            <Group key={row.key} gap="sm" align="flex-start" wrap="nowrap" className={classes.inviteRow}>
              <TextInput
                size="sm"
                className={classes.grow}
                label={index === 0 ? 'Name' : undefined}
                aria-label={`Name ${index + 1}`}
                placeholder="Full name"
                {...form.getInputProps(`users.${index}.name`)}
              />
              <TextInput
                size="sm"
                className={classes.grow}
                label={index === 0 ? 'Email' : undefined}
                aria-label={`Email ${index + 1}`}
                placeholder="name@company.com"
                type="email"
                {...form.getInputProps(`users.${index}.email`)}
              />
              <Select
                size="sm"
                w={130}
                label={index === 0 ? 'Role' : undefined}
                aria-label={`Role ${index + 1}`}
                data={ROLE_OPTIONS}
                allowDeselect={false}
                {...form.getInputProps(`users.${index}.role`)}
              />
              <Tooltip label="Remove row" disabled={rows.length === 1}>
                <ActionIcon
                  size={36}
                  mt={index === 0 ? 25 : 0}
                  color="gray"
                  aria-label={`Remove row ${index + 1}`}
                  disabled={rows.length === 1}
                  onClick={() => form.removeListItem('users', index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
        </Stack>
        <Group justify="space-between">
          <Button
            variant="subtle"
            size="sm"
            leftSection={<IconPlus size={16} />}
            disabled={rows.length >= MAX_INVITES_PER_REQUEST}
            onClick={() => form.insertListItem('users', emptyInviteRow())}
          >
            Add another
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onDone} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {rows.length === 1 ? 'Send invite' : `Send ${rows.length} invites`}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
