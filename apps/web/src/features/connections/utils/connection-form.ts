import {
  checkConnectionValues,
  CONNECTION_LABEL_FIELD,
  connectionFieldKeys,
  type ConnectionFieldErrors,
  type ConnectionFieldKey,
  type ServiceDescription,
  type WarehouseConnection,
} from '@meridian/contracts';

/** What the connection form holds: every field as typed (the port too, checked as a number). */
export type ConnectionFormValues = { label: string } & Record<ConnectionFieldKey, string>;

export type ConnectionFormField = 'label' | ConnectionFieldKey;

export function emptyConnectionForm(service?: ServiceDescription): ConnectionFormValues {
  return {
    label: '',
    host_name: '',
    // The service's usual port is filled in: most people keep it.
    port: service?.fields.port?.placeholder ?? '',
    database_name: '',
    user_name: '',
    password: '',
    warehouse: '',
    role: '',
  };
}

/** The edit form starts from the stored connection; the password is write-only, so it starts empty. */
export function toConnectionForm(stored: WarehouseConnection): ConnectionFormValues {
  return {
    label: stored.label,
    host_name: stored.host_name,
    port: stored.port === null ? '' : String(stored.port),
    database_name: stored.database_name,
    user_name: stored.user_name,
    password: '',
    warehouse: stored.warehouse ?? '',
    role: stored.role ?? '',
  };
}

export interface FormField {
  key: ConnectionFormField;
  label: string;
  placeholder: string;
  required: boolean;
}

/** The form's fields for a service, in order, each with its label and placeholder. */
export function formFields(service: ServiceDescription): FormField[] {
  const fields = connectionFieldKeys.flatMap((key) => {
    const field = service.fields[key];
    return field ? [{ key, ...field }] : [];
  });
  return [{ key: 'label', ...CONNECTION_LABEL_FIELD }, ...fields];
}

/**
 * Spec 5, "Connection form", through the same check the server runs: on create every required
 * field; on edit only the changed ones, an empty password meaning "keep the stored one".
 * Errors read '{label} {error}'.
 */
export function validateConnectionForm(
  values: ConnectionFormValues,
  service: ServiceDescription,
  initial: ConnectionFormValues | null,
): ConnectionFieldErrors {
  const input = initial ? connectionChanges(values, initial, service) : values;
  return checkConnectionValues(service.client_id, input, initial ? 'update' : 'create').errors;
}

/** The fields of the service that differ from the stored ones; an empty password is left out. */
export function connectionChanges(
  values: ConnectionFormValues,
  initial: ConnectionFormValues,
  service: ServiceDescription,
): Partial<ConnectionFormValues> {
  const changes: Partial<ConnectionFormValues> = {};
  for (const field of formFields(service)) {
    const key = field.key;
    if (key === 'password') {
      if (values.password !== '') changes.password = values.password;
      continue;
    }
    if (values[key].trim() !== initial[key].trim()) changes[key] = values[key];
  }
  return changes;
}

/** The create call's fields: only what the service has, as typed (the contract trims and checks). */
export function connectionCreateFields(values: ConnectionFormValues, service: ServiceDescription) {
  const body: Partial<ConnectionFormValues> = {};
  for (const field of formFields(service)) body[field.key] = values[field.key];
  return { typ: service.client_id, ...body };
}
