import { Module } from '@nestjs/common';
import { AudienceController } from './audience.controller';
import { AudienceRepository } from './audience.repository';
import { AudienceService } from './audience.service';

/**
 * Dynamic lists: the person filter's choices, preview and count of a query, and adding a query's
 * people to a static list. The SQL comes from the audience compiler, a plain module the engine
 * and the dry run call too.
 */
@Module({
  controllers: [AudienceController],
  providers: [AudienceRepository, AudienceService],
  exports: [AudienceService],
})
export class AudienceModule {}
