import { Controller } from '@nestjs/common';
import {
  asUtc,
  emptySalesforceSyncCount,
  pageCount,
  type ParsedRequestOf,
  type ResponseOf,
  SALESFORCE_HISTORY_WINDOW_DAYS,
  salesforceHistoryDetailsContract,
  type SalesforceSyncCount,
  salesforceSyncMessages,
  salesforceSyncObjects,
  salesforceSyncRunsListContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, NotFoundError, type RequestContext } from '@meridian/server-kit';
import { type RunListRow, SalesforceSyncHistoryRepository } from './salesforce-sync-history.repository';

type In<E extends Parameters<typeof Endpoint>[0]> = ParsedRequestOf<E>;
type Out<E extends Parameters<typeof Endpoint>[0]> = Promise<ResponseOf<E>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (date: Date | string | null) => (date ? new Date(date).toISOString() : null);

/** Stored counts per object as the answer's full shape (objects a run did not touch are zero). */
function counts(stored: RunListRow['sync_read_count']): SalesforceSyncCount {
  const out = emptySalesforceSyncCount();
  for (const object of salesforceSyncObjects) {
    const c = stored?.[object];
    if (!c) continue;
    out[object] = { updated: c.updated ?? 0, inserted: c.inserted ?? 0, failed: c.failed ?? 0 };
  }
  return out;
}

/** Spec 7 sync/runs.list and sync/history.details: reads, for every member of the organisation. */
@Controller()
export class SalesforceSyncController {
  constructor(private readonly history: SalesforceSyncHistoryRepository) {}

  @Endpoint(salesforceSyncRunsListContract)
  async runs(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof salesforceSyncRunsListContract>,
  ): Out<typeof salesforceSyncRunsListContract> {
    if (!(await this.history.details(auth.organisationId, input.connection_id)))
      throw new NotFoundError(salesforceSyncMessages.connectionNotFound);
    const to = input.end_time ? new Date(asUtc(input.end_time)) : new Date();
    const from = input.start_time
      ? new Date(asUtc(input.start_time))
      : new Date(to.getTime() - SALESFORCE_HISTORY_WINDOW_DAYS * DAY_MS);
    const { runs, total } = await this.history.runs(
      auth.organisationId,
      input.connection_id,
      { from, to, includeEmpty: input.should_include_empty_runs },
      { size: input.page_size, number: input.page_number },
    );
    return {
      runs: runs.map((r) => ({
        id: r.id,
        start_time: iso(r.start_time)!,
        end_time: iso(r.end_time),
        state: r.state,
        sync_read_count: counts(r.sync_read_count),
        sync_write_count: counts(r.sync_write_count),
        total_records: r.total_records,
        api_calls: r.api_calls,
        deferred_count: r.deferred_count,
        error: r.error,
      })),
      total,
      page_count: pageCount(total, input.page_size),
      page_number: input.page_number,
      page_size: input.page_size,
    };
  }

  @Endpoint(salesforceHistoryDetailsContract)
  async details(
    @Auth() auth: RequestContext,
    @Input() input: In<typeof salesforceHistoryDetailsContract>,
  ): Out<typeof salesforceHistoryDetailsContract> {
    const row = await this.history.details(auth.organisationId, input.connection_id);
    if (!row) throw new NotFoundError(salesforceSyncMessages.connectionNotFound);
    const of = (object: string) => row.counts.find((c) => c.object === object);
    return {
      next_sync_time: row.is_sync_enabled && row.is_sync_active ? iso(row.next_run_at) : null,
      last_completed: iso(row.last_completed),
      total_new_account_count: of('account')?.new ?? 0,
      total_new_contact_count: of('contact')?.new ?? 0,
      total_new_lead_count: of('lead')?.new ?? 0,
      total_new_opportunity_count: of('opportunity')?.new ?? 0,
      total_account_count: of('account')?.total ?? 0,
      total_contact_count: of('contact')?.total ?? 0,
      total_lead_count: of('lead')?.total ?? 0,
      total_opportunity_count: of('opportunity')?.total ?? 0,
    };
  }
}
