import {
  Badge,
  Checkbox,
  Divider,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { isFieldEditable, type Person } from '@meridian/contracts';
import { IconLock } from '@tabler/icons-react';
import {
  changedFieldValues,
  contactFormSchema,
  displayValue,
  initialFormValues,
  visibleFields,
  type ContactFormValues,
  type FieldGroup,
} from '../utils/contact-fields';

type Field = Person['default_fields'][number];

export const CONTACT_FORM_ID = 'contact-fields-form';

export interface ContactFieldsFormProps {
  person: Person;
  editing: boolean;
  onSave: (changes: ReturnType<typeof changedFieldValues>) => void;
}

/** The Personal Fields tab: read-only values, or inputs typed and limited by the field metadata. */
export function ContactFieldsForm({ person, editing, onSave }: ContactFieldsFormProps) {
  const form = useForm<ContactFormValues>({
    mode: 'controlled',
    initialValues: initialFormValues(person),
    validate: schemaResolver(contactFormSchema(person), { sync: true }),
  });

  const section = (group: FieldGroup, title: string, fields: Field[]) => {
    const shown = visibleFields(fields);
    if (shown.length === 0) return null;
    return (
      <Stack gap="sm">
        <Divider label={title} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
          {shown.map((field) =>
            editing ? (
              <FieldInput
                key={field.name}
                field={field}
                inputProps={form.getInputProps(`${group}.${field.name}`, {
                  type: field.type === 'boolean' ? 'checkbox' : 'input',
                })}
              />
            ) : (
              <FieldValue key={field.name} field={field} />
            ),
          )}
        </SimpleGrid>
      </Stack>
    );
  };

  return (
    <form
      id={CONTACT_FORM_ID}
      noValidate
      onSubmit={form.onSubmit((values) => onSave(changedFieldValues(person, values)))}
      onReset={() => form.reset()}
    >
      <Stack gap="xl">
        {section('default_fields', 'Default fields', person.default_fields)}
        {section('custom_fields', 'Custom fields', person.custom_fields)}
      </Stack>
    </form>
  );
}

function FieldValue({ field }: { field: Field }) {
  return (
    <Stack gap={2} data-field={field.name}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
        {field.display}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {displayValue(field)}
      </Text>
    </Stack>
  );
}

interface InputProps {
  value?: unknown;
  checked?: boolean;
  error?: unknown;
  onChange: (value: unknown) => void;
}

function FieldInput({ field, inputProps }: { field: Field; inputProps: InputProps }) {
  const editable = isFieldEditable(field);
  const label = (
    <Group gap={6} wrap="nowrap" component="span">
      <span>{field.display}</span>
      {field.custom ? (
        <Badge size="xs" variant="light" color="gray">
          custom
        </Badge>
      ) : null}
      {!editable ? (
        <Tooltip label="This field is read-only">
          <IconLock size={13} aria-label="read-only" />
        </Tooltip>
      ) : null}
    </Group>
  );
  const common = {
    label,
    disabled: !editable,
    withAsterisk: field.required && editable,
    size: 'sm' as const,
  };
  switch (field.type) {
    case 'boolean':
      return (
        <Checkbox
          mt={24}
          label={field.display}
          disabled={!editable}
          checked={inputProps.checked ?? false}
          onChange={(event) => inputProps.onChange(event.currentTarget.checked)}
        />
      );
    case 'integer':
    case 'float':
      return (
        <NumberInput
          {...common}
          value={(inputProps.value as string | undefined) ?? ''}
          error={inputProps.error as string | undefined}
          allowDecimal={field.type === 'float'}
          decimalScale={field.type === 'float' ? 2 : 0}
          step={field.type === 'float' ? 0.1 : 1}
          onChange={(value) => inputProps.onChange(String(value))}
        />
      );
    case 'datetime':
      return (
        <TextInput
          {...common}
          type="datetime-local"
          value={(inputProps.value as string | undefined) ?? ''}
          error={inputProps.error as string | undefined}
          onChange={(event) => inputProps.onChange(event.currentTarget.value)}
        />
      );
    case 'string':
      return (
        <TextInput
          {...common}
          maxLength={field.length ?? undefined}
          value={(inputProps.value as string | undefined) ?? ''}
          error={inputProps.error as string | undefined}
          onChange={(event) => inputProps.onChange(event.currentTarget.value)}
        />
      );
  }
}
