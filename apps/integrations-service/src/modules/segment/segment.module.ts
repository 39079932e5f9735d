import { Module } from '@nestjs/common';
import { Transactions } from '@meridian/server-kit';
import { ConnectionsModule } from '../warehouse/connections/connections.module';
import { SegmentIngestRoutes } from './segment-ingest.routes';
import { SegmentIngestService } from './segment-ingest.service';
import { SegmentInboxRepository } from './segment-inbox.repository';
import { SegmentRecordsRepository } from './segment-records.repository';
import { SegmentRelay } from './segment-relay.service';
import { SegmentReportsController } from './segment-reports.controller';
import { SegmentReportsService } from './segment-reports.service';
import { SegmentUnifiedRows } from './segment-unified-rows';
import { SegmentWriteKeysRepository } from './segment-write-keys.repository';
import { SegmentWriteKeys } from './segment-write-keys.service';

/**
 * Segment ingestion: the Tracking API (write-key auth, one COPY per request), the relay that turns
 * stored calls into product activity and contact upserts, and the Segment page's reads.
 */
@Module({
  imports: [ConnectionsModule],
  controllers: [SegmentReportsController],
  providers: [
    Transactions,
    SegmentWriteKeysRepository,
    SegmentWriteKeys,
    SegmentInboxRepository,
    SegmentRecordsRepository,
    SegmentRelay,
    SegmentIngestService,
    SegmentIngestRoutes,
    SegmentReportsService,
    SegmentUnifiedRows,
  ],
})
export class SegmentModule {}
