import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type CleanConnectionValues,
  type PageRequest,
  type ParsedRequestOf,
  type WarehouseConnection,
  type WarehouseType,
  checkConnectionValues,
  pageCount,
  warehouseConnectionCreateContract,
  warehouseConnectionUpdateContract,
} from '@meridian/contracts';
import { ValidationError, type RequestContext } from '@meridian/server-kit';
import { WarehouseConnectors } from '../connectors/warehouse-connectors';
import { SourcesService } from '../sources/sources.service';
import type { WarehouseTarget } from '../connectors/warehouse-session';
import { ConnectionCredentials } from './connection-credentials';
import type { ConnectionEntity } from './connection.entity';
import { toWarehouseConnection } from './connection.mapper';
import { ConnectionNotFoundError, requireConnectionAdmin } from './connections.errors';
import { type ConnectionChanges, ConnectionsRepository } from './connections.repository';

export const WAREHOUSE_TYPES: readonly WarehouseType[] = ['redshift', 'postgres', 'snowflake'];

/** The fields that decide where and as whom the warehouse is reached: changing one re-tests. */
const REACH_FIELDS = [
  'host_name',
  'port',
  'database_name',
  'user_name',
  'password',
  'warehouse',
  'role',
] as const;

/**
 * Warehouse connections: created and changed by admins, each change that reaches the warehouse
 * tested first (a failed test stores nothing and names the failing step).
 */
@Injectable()
export class ConnectionsService {
  constructor(
    private readonly connections: ConnectionsRepository,
    private readonly credentials: ConnectionCredentials,
    private readonly connectors: WarehouseConnectors,
    private readonly sources: SourcesService,
  ) {}

  async create(
    auth: RequestContext,
    input: ParsedRequestOf<typeof warehouseConnectionCreateContract>,
  ): Promise<WarehouseConnection> {
    requireConnectionAdmin(auth);
    const values = input as Required<CleanConnectionValues> & { typ: WarehouseType };
    const target: WarehouseTarget = {
      typ: input.typ,
      host_name: values.host_name,
      port: values.port,
      database_name: values.database_name,
      user_name: values.user_name,
      password: values.password,
      schema_name: null,
      warehouse: values.warehouse ?? null,
      role: values.role ?? null,
    };
    await this.connectors.test(target);
    const id = randomUUID();
    const row = await this.connections.create(auth.organisationId, {
      id,
      label: values.label,
      typ: input.typ,
      host_name: target.host_name,
      port: target.port,
      database_name: target.database_name,
      user_name: target.user_name,
      secret: this.credentials.seal(auth.organisationId, id, { password: target.password }),
      options: optionsOf(input.typ, target),
    });
    return toWarehouseConnection(row);
  }

  async update(
    auth: RequestContext,
    input: ParsedRequestOf<typeof warehouseConnectionUpdateContract>,
  ): Promise<WarehouseConnection> {
    requireConnectionAdmin(auth);
    const row = await this.row(auth, input.connection_id);
    const typ = row.typ as WarehouseType;
    const { values, errors } = checkConnectionValues(typ, input, 'update');
    if (Object.keys(errors).length > 0) throw new ValidationError(errorsToFields(errors));

    const current = await this.credentials.target(row);
    const next: WarehouseTarget = {
      ...current,
      ...pick(values, ['host_name', 'database_name', 'user_name', 'password']),
      ...(values.port !== undefined ? { port: values.port } : {}),
      ...(values.warehouse !== undefined ? { warehouse: values.warehouse } : {}),
      ...(values.role !== undefined ? { role: values.role } : {}),
    };
    const reachChanged = REACH_FIELDS.some((key) => next[key] !== current[key]);
    if (reachChanged) await this.connectors.test(next);

    const changes: ConnectionChanges = {
      ...(values.label !== undefined ? { label: values.label } : {}),
      host_name: next.host_name,
      port: next.port,
      database_name: next.database_name,
      user_name: next.user_name,
      options: optionsOf(typ, next),
    };
    if (next.password !== current.password) {
      changes.secret = this.credentials.seal(row.organisation_id, row.id, { password: next.password });
    }
    if (!(await this.connections.update(auth.organisationId, row.id, changes)))
      throw new ConnectionNotFoundError();
    return this.get(auth, row.id);
  }

  /** Wizard step 3: the schema must exist in the warehouse and be usable by the connection's user. */
  async setSchema(
    auth: RequestContext,
    connectionId: string,
    schemaName: string,
  ): Promise<WarehouseConnection> {
    requireConnectionAdmin(auth);
    await this.sources.requireSchema(auth, connectionId, schemaName);
    await this.connections.update(auth.organisationId, connectionId, { schema_name: schemaName });
    return this.get(auth, connectionId);
  }

  async get(auth: RequestContext, connectionId: string): Promise<WarehouseConnection> {
    return toWarehouseConnection(await this.row(auth, connectionId));
  }

  async page(auth: RequestContext, page: PageRequest) {
    const [rows, total] = await this.connections.page(auth.organisationId, WAREHOUSE_TYPES, {
      limit: page.page_size,
      offset: (page.page_number - 1) * page.page_size,
    });
    return {
      page_number: page.page_number,
      page_size: page.page_size,
      page_count: pageCount(total, page.page_size),
      total_count: total,
      connections: rows.map(toWarehouseConnection),
    };
  }

  /** The organisation's warehouse connection, or a 404. */
  async row(auth: RequestContext, connectionId: string): Promise<ConnectionEntity> {
    const row = await this.connections.one(auth.organisationId, connectionId);
    if (!row || !WAREHOUSE_TYPES.includes(row.typ as WarehouseType)) throw new ConnectionNotFoundError();
    return row;
  }
}

function optionsOf(typ: WarehouseType, target: WarehouseTarget) {
  return typ === 'snowflake' ? { warehouse: target.warehouse, role: target.role } : {};
}

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (value[key] !== undefined) out[key] = value[key];
  return out;
}

function errorsToFields(errors: Record<string, string | undefined>): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [key, message] of Object.entries(errors)) if (message) fields[key] = [message];
  return fields;
}
