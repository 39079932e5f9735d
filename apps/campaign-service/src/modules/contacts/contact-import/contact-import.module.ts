import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Transactions } from '@meridian/server-kit';
import { PersonsModule } from '../persons/persons.module';
import { UploadsModule } from '../uploads/uploads.module';
import { ContactImportCleanupRunner } from './contact-import-cleanup.runner';
import { ContactImportResumeRunner } from './contact-import-resume.runner';
import { ContactImportController } from './contact-import.controller';
import { ContactImportEntity } from './contact-import.entity';
import { ContactImportRunner } from './contact-import.runner';
import { ContactImportService } from './contact-import.service';
import { ContactImportsRepository } from './contact-imports.repository';
import { StagingRepository } from './staging.repository';

/** Contact CSV import: upload, match (COPY into staging, set-based checks), reports, import job. */
@Module({
  imports: [TypeOrmModule.forFeature([ContactImportEntity]), PersonsModule, UploadsModule],
  controllers: [ContactImportController],
  providers: [
    Transactions,
    ContactImportsRepository,
    StagingRepository,
    ContactImportService,
    ContactImportRunner,
    ContactImportCleanupRunner,
    ContactImportResumeRunner,
  ],
})
export class ContactImportModule {}
