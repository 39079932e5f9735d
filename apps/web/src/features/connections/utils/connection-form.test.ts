import { warehouseServices, type WarehouseConnection } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import {
  connectionChanges,
  connectionCreateFields,
  emptyConnectionForm,
  formFields,
  toConnectionForm,
  validateConnectionForm,
} from './connection-form';

const postgres = warehouseServices.postgres;
const snowflake = warehouseServices.snowflake;

const stored: WarehouseConnection = {
  id: 'c-1',
  label: 'Analytics',
  typ: 'postgres',
  host_name: 'db.acme.com',
  port: 5432,
  database_name: 'analytics',
  user_name: 'reader',
  warehouse: null,
  role: null,
  schema_name: 'public',
  error: null,
  error_time: null,
  time_last_synced: null,
  sync_interval: null,
  time_created: '2026-11-01T10:00:00.000Z',
  time_updated: '2026-11-01T10:00:00.000Z',
};

describe('the connection form rules (spec 5)', () => {
  it("requires the name, host, database, user, port and password on create, as '{label} {error}'", () => {
    const errors = validateConnectionForm({ ...emptyConnectionForm(postgres), port: '' }, postgres, null);
    expect(errors).toEqual({
      label: 'Connection Name is required',
      host_name: 'Host is required',
      port: 'Port is required',
      database_name: 'Database is required',
      user_name: 'Username is required',
      password: 'Password is required',
    });
  });

  it('wants the port as a number, and only when the service has a port', () => {
    const values = {
      ...emptyConnectionForm(postgres),
      label: 'A',
      host_name: 'db.acme.com',
      database_name: 'd',
      user_name: 'u',
      password: 'p',
    };
    expect(validateConnectionForm({ ...values, port: 'abc' }, postgres, null)).toEqual({
      port: 'Port must be a number',
    });
    expect(validateConnectionForm({ ...values, port: '5432' }, postgres, null)).toEqual({});
    // Snowflake has no port field: nothing is asked of it.
    expect(formFields(snowflake).some((f) => f.key === 'port')).toBe(false);
    expect(validateConnectionForm({ ...values, port: '' }, snowflake, null)).toEqual({});
  });

  it('fills in the usual port of the service', () => {
    expect(emptyConnectionForm(warehouseServices.redshift).port).toBe('5439');
    expect(emptyConnectionForm(postgres).port).toBe('5432');
  });

  it('does not require the password on edit, and sends only changed fields without an empty password', () => {
    const initial = toConnectionForm(stored);
    expect(initial.password).toBe('');
    expect(validateConnectionForm(initial, postgres, initial)).toEqual({});
    expect(connectionChanges(initial, initial, postgres)).toEqual({});
    expect(
      connectionChanges({ ...initial, host_name: ' db2.acme.com ', password: '' }, initial, postgres),
    ).toEqual({
      host_name: ' db2.acme.com ',
    });
    expect(connectionChanges({ ...initial, password: 'new-secret' }, initial, postgres)).toEqual({
      password: 'new-secret',
    });
  });

  it('refuses to clear a required field on edit', () => {
    const initial = toConnectionForm(stored);
    expect(validateConnectionForm({ ...initial, database_name: '  ' }, postgres, initial)).toEqual({
      database_name: 'Database is required',
    });
  });

  it("creates with the service's own fields only", () => {
    const values = { ...emptyConnectionForm(snowflake), label: 'Snow', warehouse: 'COMPUTE_WH', port: '1' };
    const body = connectionCreateFields(values, snowflake);
    expect(body.typ).toBe('snowflake');
    expect(body).not.toHaveProperty('port');
    expect(body).toMatchObject({ label: 'Snow', warehouse: 'COMPUTE_WH', role: '' });
  });
});
