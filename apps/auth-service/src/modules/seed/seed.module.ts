import { Module } from '@nestjs/common';
import { Transactions } from '@meridian/server-kit';
import { AccountsModule } from '../accounts/accounts.module';
import { OrganisationsModule } from '../organisations/organisations.module';
import { SeedService } from './seed.service';

/** The internal organisation, and in local mode the demo organisation, created on start. */
@Module({
  imports: [OrganisationsModule, AccountsModule],
  providers: [Transactions, SeedService],
})
export class SeedModule {}
