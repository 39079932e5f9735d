import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { UnifiedConnection } from '@meridian/contracts';
import { UnifiedConnectionRowsRegistry } from '../../warehouse/connections/unified-connection-rows';
import { toUnifiedSalesforce } from './salesforce-connection.mapper';
import { SalesforceConnectionsRepository } from './salesforce-connections.repository';

/** The Salesforce connection's row in the unified connections list (spec 3). */
@Injectable()
export class SalesforceUnifiedRows implements OnModuleInit {
  constructor(
    private readonly registry: UnifiedConnectionRowsRegistry,
    private readonly connections: SalesforceConnectionsRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async rowsFor(organisationId: string): Promise<UnifiedConnection[]> {
    const row = await this.connections.ofOrganisation(organisationId);
    if (!row) return [];
    return [toUnifiedSalesforce(row, await this.connections.pulledLastDay(row.id))];
  }
}
