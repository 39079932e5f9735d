import { forwardRef, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersonalisationModule } from '../personalisation/personalisation.module';
import { SettingsModule } from '../../settings/organisation-settings/settings.module';
import { EmailTokenEntity } from './email-token.entity';
import { SavedTokensService } from './saved-tokens.service';
import { TokensController } from './tokens.controller';
import { TokensRepository } from './tokens.repository';
import { TokensService } from './tokens.service';

/** Email tokens: typed Liquid snippets an organisation writes once and uses in emails. */
@Module({
  imports: [
    TypeOrmModule.forFeature([EmailTokenEntity]),
    forwardRef(() => PersonalisationModule),
    SettingsModule,
  ],
  controllers: [TokensController],
  providers: [TokensRepository, TokensService, SavedTokensService],
  exports: [SavedTokensService],
})
export class TokensModule {}
