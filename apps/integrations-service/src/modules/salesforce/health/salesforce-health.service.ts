import { Injectable } from '@nestjs/common';
import {
  asUtc,
  pageCount,
  type ParsedRequestOf,
  type ResponseOf,
  SALESFORCE_ERROR_WINDOW_DAYS,
  salesforceErrorClassDisplay,
  type salesforceErrorClassQueryContract,
  salesforceErrorClasses,
  type SalesforceErrorsBulkRequest,
  type salesforceErrorsListContract,
  type salesforceErrorsTypesContract,
} from '@meridian/contracts';
import { type RequestContext, Transactions } from '@meridian/server-kit';
import { requireConnectionAdmin } from '../../warehouse/connections/connections.errors';
import { SalesforceErrorsRepository, type Window } from './salesforce-errors.repository';
import { SalesforceConnectionNotFoundError } from './salesforce-health.errors';
import { SalesforcePersonRecordsRepository } from './salesforce-person-records.repository';
import { SalesforceResync } from './salesforce-resync';

const DAY_MS = 24 * 60 * 60 * 1000;

interface WindowInput {
  start_time?: string | null;
  end_time?: string | null;
}

/** Spec 9: error windows default to the last 7 days up to now. */
export function windowOf(input: WindowInput, now = new Date()): Window {
  const end = input.end_time ? new Date(asUtc(input.end_time)) : now;
  const start = input.start_time
    ? new Date(asUtc(input.start_time))
    : new Date(end.getTime() - SALESFORCE_ERROR_WINDOW_DAYS * DAY_MS);
  return { start, end };
}

const paging = (input: { page_size: number; page_number: number }) => ({
  limit: input.page_size,
  offset: (input.page_number - 1) * input.page_size,
});

/** The Sync health tab: error classes, affected records, and archive / resync in bulk. */
@Injectable()
export class SalesforceHealthService {
  constructor(
    private readonly errors: SalesforceErrorsRepository,
    private readonly connections: SalesforcePersonRecordsRepository,
    private readonly resyncs: SalesforceResync,
    private readonly transactions: Transactions,
  ) {}

  types(): ResponseOf<typeof salesforceErrorsTypesContract> {
    return { error_types: salesforceErrorClasses.map((c) => ({ ...c })) };
  }

  async list(
    auth: RequestContext,
    input: ParsedRequestOf<typeof salesforceErrorsListContract>,
  ): Promise<ResponseOf<typeof salesforceErrorsListContract>> {
    const connectionId = await this.connectionOf(auth, input.connection_id);
    const errorClass = input.error_type === 'all' ? null : input.error_type;
    const { rows, total } = await this.errors.classes(
      connectionId,
      errorClass,
      windowOf(input),
      paging(input),
    );
    return {
      errors: rows.map((r) => ({
        error_class: r.error_class,
        display: salesforceErrorClassDisplay(r.error_class),
        count: r.count,
        first_occurred: r.first_occurred.toISOString(),
        last_occurred: r.last_occurred.toISOString(),
      })),
      total,
      page_count: pageCount(total, input.page_size),
    };
  }

  async affected(
    auth: RequestContext,
    input: ParsedRequestOf<typeof salesforceErrorClassQueryContract>,
  ): Promise<ResponseOf<typeof salesforceErrorClassQueryContract>> {
    const connectionId = await this.connectionOf(auth, input.connection_id);
    const windowed = input.start_time || input.end_time ? windowOf(input) : null;
    const { rows, total } = await this.errors.affected(
      connectionId,
      { errorClass: input.error_class, email: input.object_email, keyword: input.keyword, window: windowed },
      paging(input),
    );
    return {
      records: rows.map((r) => ({
        id: r.id,
        name: r.name,
        error_text: r.error_text,
        meridian_id: r.person_id,
        salesforce_id: r.sf_id,
        _created_time: r.first_occurred.toISOString(),
        last_occurred: r.last_occurred.toISOString(),
        object: r.object,
        direction: r.direction,
        email: r.email,
      })),
      total,
      page_count: pageCount(total, input.page_size),
    };
  }

  async archive(auth: RequestContext, input: SalesforceErrorsBulkRequest): Promise<{ archived: number }> {
    requireConnectionAdmin(auth);
    const connectionId = await this.connectionOf(auth, input.connection_id);
    const archived = await this.transactions.run((tx) =>
      this.errors.archive(tx, connectionId, input.error_names, windowOf(input)),
    );
    return { archived };
  }

  async resync(auth: RequestContext, input: SalesforceErrorsBulkRequest): Promise<{ resynced: number }> {
    requireConnectionAdmin(auth);
    const connectionId = await this.connectionOf(auth, input.connection_id);
    const selection = { kind: 'classes' as const, classes: input.error_names, window: windowOf(input) };
    const resynced = await this.transactions.run((tx) =>
      this.resyncs.run(tx, auth.organisationId, connectionId, selection),
    );
    return { resynced };
  }

  private async connectionOf(auth: RequestContext, connectionId: string): Promise<string> {
    const found = await this.connections.connection(auth.organisationId, connectionId);
    if (!found) throw new SalesforceConnectionNotFoundError();
    return found;
  }
}
