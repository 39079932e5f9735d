import { Injectable } from '@nestjs/common';
import { type SourceColumn, connectionMessages } from '@meridian/contracts';
import { DomainError, ValidationError, type RequestContext } from '@meridian/server-kit';
import { listColumns, listSchemas, listTables, type SourceTable } from '../connectors/source-catalog';
import { WarehouseSessions } from '../connectors/warehouse-sessions';
import type { WarehouseSession } from '../connectors/warehouse-session';

/** The source side of sync setup: the warehouse's schemas, the chosen schema's tables, a table's columns. */
@Injectable()
export class SourcesService {
  constructor(private readonly sessions: WarehouseSessions) {}

  schemas(auth: RequestContext, connectionId: string): Promise<string[]> {
    return this.sessions.with(auth.organisationId, connectionId, listSchemas);
  }

  /** Fails with a field error on `schema_name` unless the schema exists and the user may use it. */
  async requireSchema(auth: RequestContext, connectionId: string, schema: string): Promise<void> {
    const schemas = await this.schemas(auth, connectionId);
    if (!schemas.includes(schema))
      throw new ValidationError({ schema_name: [connectionMessages.schemaNotFound] });
  }

  tables(
    auth: RequestContext,
    connectionId: string,
  ): Promise<{ schema_name: string; tables: SourceTable[] }> {
    return this.sessions.with(auth.organisationId, connectionId, async (session) => {
      const schema = chosenSchema(session);
      return { schema_name: schema, tables: await listTables(session, schema) };
    });
  }

  columns(auth: RequestContext, connectionId: string, table: string): Promise<SourceColumn[]> {
    return this.sessions.with(auth.organisationId, connectionId, async (session) => {
      const columns = await listColumns(session, chosenSchema(session), table);
      if (columns.length === 0) throw new ValidationError({ table_name: [connectionMessages.tableNotFound] });
      return columns;
    });
  }
}

function chosenSchema(session: WarehouseSession): string {
  if (session.schema === null) {
    throw new DomainError('BadRequestException', {
      description: connectionMessages.schemaNotSet,
      fields: { connection_id: [connectionMessages.schemaNotSet] },
    });
  }
  return session.schema;
}
