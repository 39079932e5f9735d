import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { z } from 'zod';
import { templateNameUpdateContract } from '@meridian/contracts';

const formSchema = templateNameUpdateContract.request.pick({ name: true });
type NameForm = z.input<typeof formSchema>;

export interface TemplateNameModalProps {
  opened: boolean;
  initialName: string;
  saving: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** The 'Rename' dialog of the emails list (names are at least 3 characters, spec 5). */
export function TemplateNameModal({
  opened,
  initialName,
  saving,
  onClose,
  onSubmit,
}: TemplateNameModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Rename email" size="md">
      {/* Mounted per opening, so the field starts from the current name. */}
      {opened ? (
        <NameForm initialName={initialName} saving={saving} onCancel={onClose} onSubmit={onSubmit} />
      ) : null}
    </Modal>
  );
}

function NameForm(props: {
  initialName: string;
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
        <TextInput label="Name" data-autofocus key={form.key('name')} {...form.getInputProps('name')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
