import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { webhookCreateContract } from '@meridian/contracts';

const webhookNameFormSchema = webhookCreateContract.request;

export interface WebhookNameModalProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  saving: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** The name dialog for a new webhook and for renaming one (spec 9: at least 3 characters). */
export function WebhookNameModal({
  opened,
  title,
  submitLabel,
  initialName = '',
  saving,
  onClose,
  onSubmit,
}: WebhookNameModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md">
      {/* Mounted per opening, so the field starts from the current name. */}
      {opened ? (
        <NameForm
          initialName={initialName}
          submitLabel={submitLabel}
          saving={saving}
          onCancel={onClose}
          onSubmit={onSubmit}
        />
      ) : null}
    </Modal>
  );
}

function NameForm(props: {
  initialName: string;
  submitLabel: string;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (name: string) => void;
}) {
  const form = useForm<{ name: string }>({
    mode: 'uncontrolled',
    initialValues: { name: props.initialName },
    validate: schemaResolver(webhookNameFormSchema, { sync: true }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => props.onSubmit(webhookNameFormSchema.parse(values).name))}
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          placeholder="e.g. Notify the CRM"
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.saving}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
