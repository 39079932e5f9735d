import { Module } from '@nestjs/common';
import { Transactions } from '@meridian/server-kit';
import { AccountsModule } from '../accounts/accounts.module';
import { SessionsModule } from '../sessions/sessions.module';
import { PasswordResetService } from './password-reset.service';
import { PasswordsController } from './passwords.controller';
import { PasswordsService } from './passwords.service';

/** Password links (create, reset), their check, and changing one's own password. */
@Module({
  imports: [AccountsModule, SessionsModule],
  controllers: [PasswordsController],
  providers: [Transactions, PasswordsService, PasswordResetService],
})
export class PasswordsModule {}
