import { Injectable } from '@nestjs/common';
import { type PageRequest, pageCount } from '@meridian/contracts';
import type { RequestContext } from '@meridian/server-kit';
import { toUnifiedConnection } from './connection.mapper';
import { ConnectionSyncFactsRegistry } from './connection-sync-facts';
import { ConnectionsRepository } from './connections.repository';
import { WAREHOUSE_TYPES } from './connections.service';

/**
 * The one list of every connection (spec 3 "Connection (unified list)"): warehouse connections
 * now; Salesforce and Segment join it when they exist.
 */
@Injectable()
export class UnifiedConnectionsService {
  constructor(
    private readonly connections: ConnectionsRepository,
    private readonly syncFacts: ConnectionSyncFactsRegistry,
  ) {}

  async page(auth: RequestContext, page: PageRequest) {
    const [rows, total] = await this.connections.page(auth.organisationId, WAREHOUSE_TYPES, {
      limit: page.page_size,
      offset: (page.page_number - 1) * page.page_size,
    });
    const facts = await this.syncFacts.factsFor(
      auth.organisationId,
      rows.map((row) => row.id),
    );
    return {
      page_number: page.page_number,
      page_size: page.page_size,
      page_count: pageCount(total, page.page_size),
      total_count: total,
      connections: rows.map((row) => toUnifiedConnection(row, facts.get(row.id))),
    };
  }
}
