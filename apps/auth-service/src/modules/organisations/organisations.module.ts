import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrganisationEntity } from './organisation.entity';
import { OrganisationsRepository } from './organisations.repository';
import { OrganisationsService } from './organisations.service';

/** Organisations: created by registration and the seed, read by every other feature. No endpoints of its own. */
@Module({
  imports: [TypeOrmModule.forFeature([OrganisationEntity])],
  providers: [OrganisationsRepository, OrganisationsService],
  exports: [OrganisationsService],
})
export class OrganisationsModule {}
