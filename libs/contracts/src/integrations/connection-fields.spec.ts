import { connectionCreateRequestSchema } from './connections.contract';
import { checkConnectionValues } from './connection-fields';

describe('checkConnectionValues', () => {
  const postgres = {
    label: ' Analytics ',
    host_name: 'db.example.com',
    port: '5432',
    database_name: 'analytics',
    user_name: 'reader',
    password: ' secret ',
  };

  it('trims text fields, keeps the password as typed and reads a numeric port string', () => {
    const { values, errors } = checkConnectionValues('postgres', postgres, 'create');
    expect(errors).toEqual({});
    expect(values).toEqual({
      label: 'Analytics',
      host_name: 'db.example.com',
      port: 5432,
      database_name: 'analytics',
      user_name: 'reader',
      password: ' secret ',
    });
  });

  it("names each missing field with the service's label on create", () => {
    const { errors } = checkConnectionValues('redshift', {}, 'create');
    expect(errors).toEqual({
      label: 'Connection Name is required',
      host_name: 'Host is required',
      port: 'Port is required',
      database_name: 'Database is required',
      user_name: 'Username is required',
      password: 'Password is required',
    });
  });

  it('uses the Snowflake labels, has no port and leaves warehouse and role optional', () => {
    const { values, errors } = checkConnectionValues('snowflake', { ...postgres, host_name: '' }, 'create');
    expect(errors).toEqual({ host_name: 'Account is required' });
    expect(values).not.toHaveProperty('port', 5432);
    const ok = checkConnectionValues('snowflake', { ...postgres, host_name: 'xy12345.eu-west-1' }, 'create');
    expect(ok.errors).toEqual({});
    expect(ok.values).toMatchObject({ port: null, warehouse: null, role: null });
  });

  it('rejects a port that is not a number or out of range', () => {
    expect(checkConnectionValues('postgres', { ...postgres, port: 'abc' }, 'create').errors).toEqual({
      port: 'Port must be a number',
    });
    expect(checkConnectionValues('postgres', { ...postgres, port: 70000 }, 'create').errors).toEqual({
      port: 'Port must be between 1 and 65535',
    });
  });

  it('rejects a host with a scheme or path', () => {
    const { errors } = checkConnectionValues(
      'postgres',
      { ...postgres, host_name: 'https://db.example.com/x' },
      'create',
    );
    expect(errors.host_name).toBe('Host must be a host name or IP address, without a scheme or path');
  });

  it('on update checks only the fields sent and omits an empty password', () => {
    const { values, errors } = checkConnectionValues('postgres', { label: 'New', password: '' }, 'update');
    expect(errors).toEqual({});
    expect(values).toEqual({ label: 'New' });
    expect(checkConnectionValues('postgres', { host_name: '  ' }, 'update').errors).toEqual({
      host_name: 'Host is required',
    });
  });
});

describe('connectionCreateRequestSchema', () => {
  it('asks for a platform first', () => {
    const result = connectionCreateRequestSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Select a platform to connect');
  });

  it('reports every field error with its path', () => {
    const result = connectionCreateRequestSchema.safeParse({ typ: 'postgres', label: 'x' });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      host_name: 'Host is required',
      port: 'Port is required',
      database_name: 'Database is required',
      user_name: 'Username is required',
      password: 'Password is required',
    });
  });
});
