import { forwardRef, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersonsModule } from '../../contacts/persons/persons.module';
import { TokensModule } from '../tokens/tokens.module';
import { PersonalisationKeyEntity } from './personalisation-key.entity';
import { PersonalisationKeysRepository } from './personalisation-keys.repository';
import { PersonalisationService } from './personalisation.service';
import { renderPoolProvider } from './render-pool.provider';
import { UnsubscribeLinks } from './unsubscribe-links';

/** Renders texts per person in the Liquid sandbox, and signs/verifies unsubscribe links. */
@Module({
  imports: [
    TypeOrmModule.forFeature([PersonalisationKeyEntity]),
    PersonsModule,
    // Saved tokens come from their feature; that feature previews and checks them through this one.
    forwardRef(() => TokensModule),
  ],
  providers: [PersonalisationService, PersonalisationKeysRepository, UnsubscribeLinks, renderPoolProvider],
  exports: [PersonalisationService, UnsubscribeLinks],
})
export class PersonalisationModule {}
