import { Module } from '@nestjs/common';
import { RecipientsRepository } from './recipients.repository';
import { ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';

/** The campaigns/reports/* calls, answered from the reports' own tables. */
@Module({
  controllers: [ReportsController],
  providers: [ReportsService, ReportsRepository, RecipientsRepository],
})
export class ReportsModule {}
