import { Module } from '@nestjs/common';
import { CatalogRepository } from './catalog.repository';
import { IngestRepository } from './ingest.repository';
import { ReportConsumers } from './report-consumers';

/** Turns email, run and campaign events into the reports' tables. */
@Module({ providers: [IngestRepository, CatalogRepository, ReportConsumers] })
export class IngestModule {}
