import { Injectable } from '@nestjs/common';
import { connectionMessages, warehouseTypeSchema } from '@meridian/contracts';
import { NotFoundError } from '@meridian/server-kit';
import { ConnectionCredentials } from '../connections/connection-credentials';
import { ConnectionsRepository } from '../connections/connections.repository';
import { WarehouseConnectors } from './warehouse-connectors';
import type { WarehouseSession } from './warehouse-session';

/**
 * The one way into a customer's warehouse: a session on one of the organisation's warehouse
 * connections (another organisation's id, or a connection that is not a warehouse, is a 404).
 * The caller closes the session. Opening fails as the connection test does, naming the step.
 */
@Injectable()
export class WarehouseSessions {
  constructor(
    private readonly connections: ConnectionsRepository,
    private readonly credentials: ConnectionCredentials,
    private readonly connectors: WarehouseConnectors,
  ) {}

  async open(organisationId: string, connectionId: string): Promise<WarehouseSession> {
    const row = await this.connections.one(organisationId, connectionId);
    if (!row || !warehouseTypeSchema.safeParse(row.typ).success)
      throw new NotFoundError(connectionMessages.notFound);
    return this.connectors.open(await this.credentials.target(row));
  }

  /** Runs `work` on a session and closes it, whatever happens. */
  async with<T>(
    organisationId: string,
    connectionId: string,
    work: (session: WarehouseSession) => Promise<T>,
  ): Promise<T> {
    const session = await this.open(organisationId, connectionId);
    try {
      return await work(session);
    } finally {
      await session.close();
    }
  }
}
