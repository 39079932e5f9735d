import { ActionIcon, Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ServiceDescription } from '@meridian/contracts';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import {
  emptyConnectionForm,
  formFields,
  validateConnectionForm,
  type ConnectionFormValues,
} from '../utils/connection-form';

export interface ConnectionFormProps {
  service: ServiceDescription;
  /** The stored connection's values when editing; null when creating. */
  initial: ConnectionFormValues | null;
  saving: boolean;
  /** Field errors from the server, keyed by field. */
  serverErrors?: Record<string, string>;
  /** A failure that is not about one field (the connection test's failing step). */
  serverError?: string | null;
  onSubmit: (values: ConnectionFormValues) => void;
  onCancel: () => void;
  /** The back arrow (wizard step 2). */
  onBack?: () => void;
  submitLabel?: string;
}

/** Spec 2/5: the connection form, built from the service description's fields. */
export function ConnectionForm(props: ConnectionFormProps) {
  const { service, initial } = props;
  const form = useForm<ConnectionFormValues>({
    mode: 'controlled',
    initialValues: initial ?? emptyConnectionForm(service),
    validate: (values) => validateConnectionForm(values, service, initial),
  });
  const { setErrors } = form;
  useEffect(() => {
    if (props.serverErrors && Object.keys(props.serverErrors).length > 0) setErrors(props.serverErrors);
  }, [props.serverErrors, setErrors]);

  return (
    <form onSubmit={form.onSubmit(props.onSubmit)} noValidate>
      <Stack gap="md">
        {props.onBack ? (
          <Group gap="xs">
            <ActionIcon variant="subtle" color="gray" onClick={props.onBack} aria-label="Back">
              <IconArrowLeft size={18} />
            </ActionIcon>
            <Text size="sm" c="dimmed">
              {service.name} connection details
            </Text>
          </Group>
        ) : null}
        {props.serverError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {props.serverError}
          </Alert>
        ) : null}
        {formFields(service).map((field) =>
          field.key === 'password' ? (
            <PasswordInput
              key={field.key}
              label={field.label}
              placeholder={initial ? 'Leave empty to keep the saved password' : field.placeholder}
              withAsterisk={field.required && !initial}
              autoComplete="new-password"
              {...form.getInputProps(field.key)}
            />
          ) : (
            <TextInput
              key={field.key}
              label={field.label}
              placeholder={field.placeholder}
              withAsterisk={field.required}
              inputMode={field.key === 'port' ? 'numeric' : undefined}
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps(field.key)}
            />
          ),
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={props.saving}>
            {props.submitLabel ?? 'Save Connection'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
