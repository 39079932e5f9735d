import { Injectable } from '@nestjs/common';
import type { SalesforcePersonRecords } from '@meridian/contracts';
import { type RequestContext, type Transaction, Transactions } from '@meridian/server-kit';
import { requireConnectionAdmin } from '../../warehouse/connections/connections.errors';
import { SalesforceErrorsRepository } from './salesforce-errors.repository';
import { SalesforceConnectionNotFoundError, SalesforceRecordNotFoundError } from './salesforce-health.errors';
import { SalesforcePersonRecordsRepository } from './salesforce-person-records.repository';
import { SalesforceResync } from './salesforce-resync';

/** The contact page's Salesforce sync panel: a person's records, their latest error, remap, resync. */
@Injectable()
export class SalesforcePersonService {
  constructor(
    private readonly salesforceRecords: SalesforcePersonRecordsRepository,
    private readonly errors: SalesforceErrorsRepository,
    private readonly resyncs: SalesforceResync,
    private readonly transactions: Transactions,
  ) {}

  /** No connection: no records (the panel shows the contact as not in Salesforce). */
  async records(auth: RequestContext, email: string): Promise<SalesforcePersonRecords> {
    const connectionId = await this.salesforceRecords.connectionOf(auth.organisationId);
    if (!connectionId) return { records: [], last_updated: null };
    return this.recordsOf(connectionId, email);
  }

  async latestError(auth: RequestContext, email: string) {
    const connectionId = await this.salesforceRecords.connectionOf(auth.organisationId);
    const error = connectionId ? await this.errors.latestFor(connectionId, email) : null;
    return {
      error: error
        ? { last_occurred: error.last_occurred.toISOString(), error_text: error.error_text }
        : null,
    };
  }

  async remap(auth: RequestContext, email: string, sfId: string): Promise<SalesforcePersonRecords> {
    requireConnectionAdmin(auth);
    const connectionId = await this.connectionOf(auth);
    return this.transactions.run(async (tx) => {
      if (!(await this.salesforceRecords.select(tx, connectionId, email, sfId)))
        throw new SalesforceRecordNotFoundError();
      return this.recordsOf(connectionId, email, tx);
    });
  }

  /** The person is pushed again, and their open errors (either direction) are retried. */
  async resync(auth: RequestContext, email: string): Promise<{ resynced: number }> {
    requireConnectionAdmin(auth);
    const connectionId = await this.connectionOf(auth);
    const resynced = await this.transactions.run((tx) =>
      this.resyncs.run(tx, auth.organisationId, connectionId, { kind: 'person', email }, [email]),
    );
    return { resynced };
  }

  private async connectionOf(auth: RequestContext): Promise<string> {
    const connectionId = await this.salesforceRecords.connectionOf(auth.organisationId);
    if (!connectionId) throw new SalesforceConnectionNotFoundError();
    return connectionId;
  }

  private async recordsOf(
    connectionId: string,
    email: string,
    tx?: Transaction,
  ): Promise<SalesforcePersonRecords> {
    const rows = await this.salesforceRecords.ofPerson(connectionId, email, tx);
    const synced = rows.map((r) => r.last_synced?.getTime() ?? 0).filter((t) => t > 0);
    return {
      records: rows.map((r) => ({
        id: r.sf_id,
        name: r.name,
        crm_object: r.object,
        connection_id: r.connection_id,
        _is_selected: r.is_selected,
        _modified_time: r.modified.toISOString(),
      })),
      last_updated: synced.length > 0 ? new Date(Math.max(...synced)).toISOString() : null,
    };
  }
}
