import { z } from 'zod';
import {
  CONNECTION_LABEL_FIELD,
  type ConnectionFieldKey,
  type WarehouseType,
  warehouseServices,
} from './warehouse-services';

/**
 * Spec 5 "Connection form": label, host_name, database_name, user_name required; port required
 * (a number) only if the service has a port; password required only on create and only if the
 * service has one. Errors read '{label} {error}' with the service's own labels, so the checks run
 * after the service (`typ`) is known: one function for the form and the server.
 */
export const connectionErrors = {
  required: 'is required',
  notNumber: 'must be a number',
  portRange: 'must be between 1 and 65535',
  tooLong: 'must be at most 255 characters',
  invalidHost: 'must be a host name or IP address, without a scheme or path',
} as const;

export const connectionMessages = {
  platformRequired: 'Select a platform to connect',
  adminsOnly: 'Only admins can change connections',
  notFound: 'Connection not found',
  schemaRequired: 'Schema is required',
  schemaNotFound: 'Schema not found in the warehouse',
  schemaNotSet: 'Choose a schema for this connection first',
  tableRequired: 'Table is required',
  tableNotFound: 'Table not found in the schema',
  nothingToUpdate: 'Nothing to update',
} as const;

export const fieldMessage = (label: string, error: string) => `${label} ${error}`;

export const TEXT_FIELD_MAX = 255;
export const PASSWORD_FIELD_MAX = 4096;

/** A host name, an IPv4 address or a bare IPv6 address; no scheme, port or path. */
const hostPattern =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)*|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$/;
export function isConnectionHost(value: string): boolean {
  return value.length <= 253 && hostPattern.test(value);
}

/** The editable values of a connection, as the form and the create/update calls carry them. */
export interface ConnectionValues {
  label?: unknown;
  host_name?: unknown;
  port?: unknown;
  database_name?: unknown;
  user_name?: unknown;
  password?: unknown;
  warehouse?: unknown;
  role?: unknown;
}

export interface CleanConnectionValues {
  label?: string;
  host_name?: string;
  port?: number | null;
  database_name?: string;
  user_name?: string;
  password?: string;
  warehouse?: string | null;
  role?: string | null;
}

export type ConnectionFieldErrors = Partial<Record<ConnectionFieldKey | 'label', string>>;

/**
 * Checks and trims a connection's values for a service. On `create` every required field must be
 * there; on `update` only the fields present are checked (the form sends only changed fields) and
 * an empty password is dropped (it means "keep the stored one"). Fields the service does not have
 * are dropped.
 */
export function checkConnectionValues(
  typ: WarehouseType,
  values: ConnectionValues,
  mode: 'create' | 'update',
): { values: CleanConnectionValues; errors: ConnectionFieldErrors } {
  const fields = warehouseServices[typ].fields;
  const errors: ConnectionFieldErrors = {};
  const clean: CleanConnectionValues = {};
  const present = (v: unknown) => v !== undefined && (mode === 'create' || v !== null);

  const text = (
    key: 'label' | ConnectionFieldKey,
    raw: unknown,
    isRequired: boolean,
    max = TEXT_FIELD_MAX,
  ) => {
    const label = key === 'label' ? CONNECTION_LABEL_FIELD.label : (fields[key]?.label ?? key);
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      errors[key] = fieldMessage(label, connectionErrors.required);
      return undefined;
    }
    const value = typeof raw === 'string' ? (key === 'password' ? raw : raw.trim()) : '';
    if (value === '') {
      if (isRequired) errors[key] = fieldMessage(label, connectionErrors.required);
      return undefined;
    }
    if (value.length > max) {
      errors[key] = fieldMessage(label, connectionErrors.tooLong);
      return undefined;
    }
    return value;
  };

  if (mode === 'create' || present(values.label)) clean.label = text('label', values.label, true);
  for (const key of ['host_name', 'database_name', 'user_name'] as const) {
    if (mode === 'create' || present(values[key])) clean[key] = text(key, values[key], true);
  }
  if (clean.host_name !== undefined && !isConnectionHost(clean.host_name)) {
    errors.host_name = fieldMessage(fields.host_name?.label ?? 'Host', connectionErrors.invalidHost);
  }

  if (fields.port) {
    if (mode === 'create' || present(values.port))
      clean.port = checkPort(fields.port.label, values.port, errors);
  } else if (mode === 'create') {
    clean.port = null;
  }

  if (fields.password) {
    const raw = values.password;
    const empty = raw === undefined || raw === null || raw === '';
    if (mode === 'create' || !empty) clean.password = text('password', raw, true, PASSWORD_FIELD_MAX);
  }

  for (const key of ['warehouse', 'role'] as const) {
    const field = fields[key];
    if (!field) continue;
    if (mode === 'create' || present(values[key]))
      clean[key] = text(key, values[key], field.required) ?? null;
  }

  for (const key of Object.keys(clean) as (keyof CleanConnectionValues)[]) {
    if (clean[key] === undefined) delete clean[key];
  }
  return { values: clean, errors };
}

function checkPort(label: string, raw: unknown, errors: ConnectionFieldErrors): number | undefined {
  if (raw === undefined || raw === null || raw === '') {
    errors.port = fieldMessage(label, connectionErrors.required);
    return undefined;
  }
  const value = typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    errors.port = fieldMessage(label, connectionErrors.notNumber);
    return undefined;
  }
  if (value < 1 || value > 65535) {
    errors.port = fieldMessage(label, connectionErrors.portRange);
    return undefined;
  }
  return value;
}

/** Adds the errors of `checkConnectionValues` to a zod refinement, one issue per field. */
export function addConnectionIssues(errors: ConnectionFieldErrors, ctx: z.RefinementCtx): void {
  for (const [key, message] of Object.entries(errors)) {
    ctx.addIssue({ code: 'custom', path: [key], message });
  }
}
