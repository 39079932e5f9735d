import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersonalisationModule } from '../personalisation';
import { SettingsModule } from '../settings/settings.module';
import { EmailTokenEntity } from './email-token.entity';
import { TokensController } from './tokens.controller';
import { TokensRepository } from './tokens.repository';
import { TokensService } from './tokens.service';

/** Email tokens: typed Liquid snippets an organisation writes once and uses in emails. */
@Module({
  imports: [TypeOrmModule.forFeature([EmailTokenEntity]), PersonalisationModule, SettingsModule],
  controllers: [TokensController],
  providers: [TokensRepository, TokensService],
})
export class TokensModule {}
