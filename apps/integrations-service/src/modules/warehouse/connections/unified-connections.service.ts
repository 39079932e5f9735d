import { Injectable } from '@nestjs/common';
import { type PageRequest, pageCount } from '@meridian/contracts';
import type { RequestContext } from '@meridian/server-kit';
import { toUnifiedConnection } from './connection.mapper';
import { ConnectionSyncFactsRegistry } from './connection-sync-facts';
import { ConnectionsRepository } from './connections.repository';
import { WAREHOUSE_TYPES } from './connections.service';
import { UnifiedConnectionRowsRegistry } from './unified-connection-rows';

/**
 * The one list of every connection (spec 3 "Connection (unified list)"): warehouse connections
 * now; Salesforce and Segment join it when they exist.
 */
@Injectable()
export class UnifiedConnectionsService {
  constructor(
    private readonly connections: ConnectionsRepository,
    private readonly syncFacts: ConnectionSyncFactsRegistry,
    private readonly otherRows: UnifiedConnectionRowsRegistry,
  ) {}

  /** Other kinds (a CRM, at most a few rows) come first, then the warehouse connections. */
  async page(auth: RequestContext, page: PageRequest) {
    const others = await this.otherRows.rowsFor(auth.organisationId);
    const offset = (page.page_number - 1) * page.page_size;
    const first = others.slice(offset, offset + page.page_size);
    const [rows, warehouseTotal] = await this.connections.page(auth.organisationId, WAREHOUSE_TYPES, {
      // A page always asks for at least one row, so the total is counted even when others fill it.
      limit: Math.max(1, page.page_size - first.length),
      offset: Math.max(0, offset - others.length),
    });
    const total = others.length + warehouseTotal;
    const facts = await this.syncFacts.factsFor(
      auth.organisationId,
      rows.map((row) => row.id),
    );
    return {
      page_number: page.page_number,
      page_size: page.page_size,
      page_count: pageCount(total, page.page_size),
      total_count: total,
      connections: [...first, ...rows.map((row) => toUnifiedConnection(row, facts.get(row.id)))].slice(
        0,
        page.page_size,
      ),
    };
  }
}
