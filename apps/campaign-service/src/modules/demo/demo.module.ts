import { Module } from '@nestjs/common';
import { PersonsModule } from '../contacts/persons/persons.module';
import { DemoSeedConsumer } from './demo-seed.consumer';
import { DemoSeedRepository } from './demo-seed.repository';
import { DemoSeedService } from './demo-seed.service';

/** The demo organisation's data set, generated when auth announces the organisation. */
@Module({
  imports: [PersonsModule],
  providers: [DemoSeedRepository, DemoSeedService, DemoSeedConsumer],
})
export class DemoModule {}
