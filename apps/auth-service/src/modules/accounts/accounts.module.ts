import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Transactions } from '@meridian/server-kit';
import { OrganisationsModule } from '../organisations/organisations.module';
import { AccountMailer } from './account-mailer';
import { AccountEntity, AccountRoleEntity } from './account.entity';
import { AccountTokenEntity } from './account-token.entity';
import { AccountTokensRepository } from './account-tokens.repository';
import { AccountTokensService } from './account-tokens.service';
import { AccountsController } from './accounts.controller';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { PasswordHasher } from './password-hasher';
import { RegistrationService } from './registration.service';

/**
 * Accounts and what every account feature builds on: roles, one-time link
 * tokens, password hashing and the account mails. Endpoints: register, verify, list.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([AccountEntity, AccountRoleEntity, AccountTokenEntity]),
    OrganisationsModule,
  ],
  controllers: [AccountsController],
  providers: [
    Transactions,
    AccountsRepository,
    AccountsService,
    AccountTokensRepository,
    AccountTokensService,
    PasswordHasher,
    AccountMailer,
    RegistrationService,
  ],
  exports: [AccountsService, AccountTokensService, PasswordHasher, AccountMailer, RegistrationService],
})
export class AccountsModule {}
