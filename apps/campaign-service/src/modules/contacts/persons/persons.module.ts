import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Transactions } from '@meridian/server-kit';
import { PersonActivityRepository } from './person-activity.repository';
import { PersonActivityService } from './person-activity.service';
import { PersonEntity } from './person.entity';
import { PersonFieldEntity } from './person-field.entity';
import { PersonFieldsRepository } from './person-fields.repository';
import { PersonsBulkRepository } from './persons-bulk.repository';
import { PersonsBulkService } from './persons-bulk.service';
import { PersonValuesRepository } from './person-values.repository';
import { PersonsController } from './persons.controller';
import { PersonsDeletedPublisher } from './persons-deleted.publisher';
import { PersonsRepository } from './persons.repository';
import { PersonsService } from './persons.service';
import { ProductPersonEntity } from './product-person.entity';
import { ProductActivityConsumer } from './product-activity.consumer';
import { ProductActivityRepository } from './product-activity.repository';

/**
 * The contact database: persons, their fields, product users and activity. It owns
 * `campaign.persons`: other features read and write contacts through its services
 * (bulk writes through PersonsBulkService).
 */
@Module({
  imports: [TypeOrmModule.forFeature([PersonEntity, PersonFieldEntity, ProductPersonEntity])],
  controllers: [PersonsController],
  providers: [
    Transactions,
    PersonsRepository,
    PersonsBulkRepository,
    PersonValuesRepository,
    PersonFieldsRepository,
    PersonActivityRepository,
    PersonsService,
    PersonsBulkService,
    PersonActivityService,
    PersonsDeletedPublisher,
    ProductActivityRepository,
    ProductActivityConsumer,
  ],
  exports: [PersonsService, PersonsBulkService],
})
export class PersonsModule {}
