import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { z } from 'zod';
import { staticListCreateContract } from '@meridian/contracts';

const formSchema = staticListCreateContract.request;
type NameForm = z.input<typeof formSchema>;

export interface ListNameModalProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  saving: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** The name dialog for a new static list and for renaming one. */
export function ListNameModal({
  opened,
  title,
  submitLabel,
  initialName = '',
  saving,
  onClose,
  onSubmit,
}: ListNameModalProps) {
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
  const form = useForm<NameForm>({
    mode: 'uncontrolled',
    initialValues: { name: props.initialName },
    validate: schemaResolver(formSchema, { sync: true }),
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => props.onSubmit(formSchema.parse(values).name))}>
      <Stack gap="md">
        <TextInput
          label="Name"
          placeholder="e.g. Webinar attendees"
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
