import { Controller } from '@nestjs/common';
import {
  type ParsedRequestOf,
  type ResponseOf,
  segmentErrorsListContract,
  segmentErrorsReportContract,
  segmentEventsReportContract,
} from '@meridian/contracts';
import { Auth, Endpoint, Input, type RequestContext } from '@meridian/server-kit';
import { SegmentReportsService } from './segment-reports.service';

@Controller()
export class SegmentReportsController {
  constructor(private readonly reports: SegmentReportsService) {}

  @Endpoint(segmentErrorsListContract)
  errorsList(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof segmentErrorsListContract>,
  ): Promise<ResponseOf<typeof segmentErrorsListContract>> {
    return this.reports.errors(auth, input);
  }

  @Endpoint(segmentErrorsReportContract)
  errorsReport(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof segmentErrorsReportContract>,
  ): Promise<ResponseOf<typeof segmentErrorsReportContract>> {
    return this.reports.report(auth, 'error', input);
  }

  @Endpoint(segmentEventsReportContract)
  eventsReport(
    @Auth() auth: RequestContext,
    @Input() input: ParsedRequestOf<typeof segmentEventsReportContract>,
  ): Promise<ResponseOf<typeof segmentEventsReportContract>> {
    return this.reports.report(auth, 'event', input);
  }
}
