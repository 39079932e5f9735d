import { Module } from '@nestjs/common';
import { Transactions } from '@meridian/server-kit';
import { AccountsModule } from '../accounts/accounts.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { InvitesController } from './invites.controller';
import { InvitesService } from './invites.service';

/** Users and invites: create.users, delete.invite, resend.invite, update. Admins only. */
@Module({
  imports: [AccountsModule, OrganisationsModule],
  controllers: [InvitesController],
  providers: [Transactions, InvitesService],
})
export class InvitesModule {}
