import type { AccountRecord } from '@meridian/contracts';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { fieldErrorsOf } from '@/lib/error-handling';
import { showSuccessToast } from '@/lib/notify';
import { useResendInvite } from '../api/resend-invite';
import { useUpdateUser } from '../api/update-user';
import { USER_MESSAGES } from '../utils/messages';
import { ROLE_OPTIONS } from '../utils/roles';
import { ModalTitle } from './modal-title';
import {
  resendRequest,
  userChanges,
  userEditFormSchema,
  userEditInitialValues,
  type UserEditForm,
} from '../utils/user-forms';

/** Spec section 4, "User invite modes": besides inviting, an invite is resent or a user edited. */
export type UserEditMode = 'edit' | 'resend';

export interface UserEditTarget {
  mode: UserEditMode;
  account: AccountRecord;
}

export function UserEditModal({ target, onClose }: { target: UserEditTarget | null; onClose: () => void }) {
  const title = target?.mode === 'resend' ? 'Resend invite' : 'Edit user';
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={<ModalTitle>{title}</ModalTitle>}
      size={480}
      radius="lg"
      centered
    >
      {target ? (
        <UserEditForm key={`${target.mode}-${target.account.id}`} target={target} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function UserEditForm({ target, onDone }: { target: UserEditTarget; onDone: () => void }) {
  const { mode, account } = target;
  const update = useUpdateUser();
  const resend = useResendInvite();
  const pending = update.isPending || resend.isPending;
  const form = useForm<UserEditForm>({
    mode: 'controlled',
    initialValues: userEditInitialValues(account),
    validate: schemaResolver(userEditFormSchema, { sync: true }),
  });
  const changes = form.isValid() ? userChanges(account, form.values) : null;
  const showServerErrors = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    form.setErrors({ name: fields.name, role: fields.role_names });
  };

  const submit = form.onSubmit((values) => {
    if (mode === 'resend') {
      resend.mutate(resendRequest(account, values), {
        onSuccess: () => {
          showSuccessToast(USER_MESSAGES.inviteResent);
          onDone();
        },
        onError: showServerErrors,
      });
      return;
    }
    const edited = userChanges(account, values);
    if (!edited) return onDone();
    update.mutate(edited, {
      onSuccess: () => {
        showSuccessToast(USER_MESSAGES.userUpdated);
        onDone();
      },
      onError: showServerErrors,
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {mode === 'resend' ? (
          <Text size="sm" c="dimmed">
            A new link to create a password is mailed; the earlier one stops working.
          </Text>
        ) : null}
        <TextInput size="sm" label="Name" data-autofocus {...form.getInputProps('name')} />
        <TextInput
          size="sm"
          label="Email"
          value={account.email}
          readOnly
          disabled
          description="The email address cannot be changed."
        />
        <Select
          size="sm"
          label="Role"
          data={ROLE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('role')}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={mode === 'edit' && changes === null}>
            {mode === 'resend' ? 'Resend invite' : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
