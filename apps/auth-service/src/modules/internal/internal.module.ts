import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { SessionsModule } from '../sessions/sessions.module';
import { InternalController } from './internal.controller';
import { InternalService } from './internal.service';

/** Internal staff endpoints: organisation list, account list, impersonation. */
@Module({
  imports: [OrganisationsModule, AccountsModule, SessionsModule],
  controllers: [InternalController],
  providers: [InternalService],
})
export class InternalModule {}
