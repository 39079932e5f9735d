import { Injectable } from '@nestjs/common';
import {
  asUtc,
  type ParsedRequestOf,
  type ResponseOf,
  SEGMENT_ERROR_WINDOW_DAYS,
  pageCount,
  type segmentErrorsListContract,
  type SegmentReportRequest,
} from '@meridian/contracts';
import type { RequestContext } from '@meridian/server-kit';
import { SegmentRecordsRepository } from './segment-records.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Segment page's reads: refused calls, and accepted/refused counts per local hour or day. */
@Injectable()
export class SegmentReportsService {
  constructor(private readonly records: SegmentRecordsRepository) {}

  async errors(
    auth: RequestContext,
    input: ParsedRequestOf<typeof segmentErrorsListContract>,
  ): Promise<ResponseOf<typeof segmentErrorsListContract>> {
    const end = input.end_time ? new Date(asUtc(input.end_time)) : new Date();
    const start = input.start_time
      ? new Date(asUtc(input.start_time))
      : new Date(end.getTime() - SEGMENT_ERROR_WINDOW_DAYS * DAY_MS);
    const { records, total } = await this.records.listErrors(
      auth.organisationId,
      { start, end },
      { limit: input.page_size, offset: (input.page_number - 1) * input.page_size },
    );
    return {
      records,
      total_count: total,
      page_number: input.page_number,
      page_size: input.page_size,
      page_count: pageCount(total, input.page_size),
    };
  }

  async report(auth: RequestContext, kind: 'event' | 'error', input: SegmentReportRequest) {
    const rows = await this.records.report(
      auth.organisationId,
      kind,
      input.time_unit,
      input.time_range,
      input.tz_offset,
      new Date(),
    );
    return { rows, total_count: rows.reduce((sum, r) => sum + r.count, 0) };
  }
}
