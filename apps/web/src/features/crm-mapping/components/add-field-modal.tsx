import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { fieldName, type PersonFieldType, personFieldTypeSchema } from '@meridian/contracts';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { useCreatePersonField } from '../api/mapping';

export const FIELD_TYPE_LABELS: Record<PersonFieldType, string> = {
  string: 'Text',
  boolean: 'True / False',
  integer: 'Whole number',
  float: 'Decimal number',
  datetime: 'Date and time',
};
const TYPE_OPTIONS = personFieldTypeSchema.options.map((value) => ({
  value,
  label: FIELD_TYPE_LABELS[value],
}));

/** Spec 2 'Add Field for Person': Field Name and Field type; Add is disabled while the name is empty. */
export function AddFieldModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add Field for Person" size="md">
      {/* Mounted per opening, so the form starts empty. */}
      {opened ? <AddFieldForm onClose={onClose} /> : null}
    </Modal>
  );
}

function AddFieldForm({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [type, setType] = useState<PersonFieldType>('string');
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePersonField();
  const submit = () => {
    if (!name.trim()) return;
    setError(null);
    create.mutate(
      { name, type },
      {
        onSuccess: onClose,
        onError: (e) =>
          setError((isApiError(e) && (e.fieldErrors.name?.[0] ?? e.description)) || 'Something went wrong'),
      },
    );
  };
  const snake = fieldName(name);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Field Name"
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          description={snake ? `Saved as ${snake}` : undefined}
          error={error}
          maxLength={60}
        />
        <Select
          label="Field type"
          data={TYPE_OPTIONS}
          value={type}
          onChange={(value) => value && setType(value as PersonFieldType)}
          allowDeselect={false}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name.trim()} loading={create.isPending}>
            Add
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
