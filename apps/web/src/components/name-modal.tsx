import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { z } from 'zod';

interface NameValues {
  name: string;
}

export interface NameModalProps {
  opened: boolean;
  title: string;
  submitLabel: string;
  /** Checks the name on submit; what it parses to is what `onSubmit` gets. */
  schema: z.ZodType<NameValues, NameValues>;
  placeholder?: string;
  initialName?: string;
  saving: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** A dialog with one "Name" field, for creating or renaming a record. */
export function NameModal({ opened, title, initialName = '', onClose, ...formProps }: NameModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md">
      {/* Mounted per opening, so the field starts from the current name. */}
      {opened ? <NameForm initialName={initialName} onCancel={onClose} {...formProps} /> : null}
    </Modal>
  );
}

function NameForm(props: {
  schema: z.ZodType<NameValues, NameValues>;
  placeholder?: string;
  initialName: string;
  submitLabel: string;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (name: string) => void;
}) {
  // Controlled: the button follows the name as it is typed (spec 2: disabled while the name is
  // empty or refused), and the refusal shows as soon as the name is changed.
  const form = useForm<NameValues>({
    mode: 'controlled',
    initialValues: { name: props.initialName },
    validate: schemaResolver(props.schema, { sync: true }),
    validateInputOnChange: true,
  });
  const invalid = !props.schema.safeParse(form.values).success;
  return (
    <form noValidate onSubmit={form.onSubmit((values) => props.onSubmit(props.schema.parse(values).name))}>
      <Stack gap="md">
        <TextInput
          label="Name"
          placeholder={props.placeholder}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.saving} disabled={invalid}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
