import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersonsModule } from '../persons/persons.module';
import { EmailTokenEntity } from '../tokens/email-token.entity';
import { PersonalisationKeyEntity } from './personalisation-key.entity';
import { PersonalisationKeysRepository } from './personalisation-keys.repository';
import { PersonalisationService } from './personalisation.service';
import { renderPoolProvider } from './render-pool.provider';
import { SavedTokensRepository } from './saved-tokens.repository';
import { UnsubscribeLinks } from './unsubscribe-links';

/** Renders texts per person in the Liquid sandbox, and signs/verifies unsubscribe links. */
@Module({
  imports: [TypeOrmModule.forFeature([EmailTokenEntity, PersonalisationKeyEntity]), PersonsModule],
  providers: [
    PersonalisationService,
    SavedTokensRepository,
    PersonalisationKeysRepository,
    UnsubscribeLinks,
    renderPoolProvider,
  ],
  exports: [PersonalisationService, UnsubscribeLinks],
})
export class PersonalisationModule {}
