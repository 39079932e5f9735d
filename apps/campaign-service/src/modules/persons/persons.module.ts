import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PersonActivityRepository } from './person-activity.repository';
import { PersonActivityService } from './person-activity.service';
import { PersonEntity } from './person.entity';
import { PersonFieldEntity } from './person-field.entity';
import { PersonFieldsRepository } from './person-fields.repository';
import { PersonsController } from './persons.controller';
import { PersonsRepository } from './persons.repository';
import { PersonsService } from './persons.service';
import { ProductPersonEntity } from './product-person.entity';

/** The contact database: persons, their fields, product users and activity. */
@Module({
  imports: [TypeOrmModule.forFeature([PersonEntity, PersonFieldEntity, ProductPersonEntity])],
  controllers: [PersonsController],
  providers: [PersonsRepository, PersonFieldsRepository, PersonActivityRepository, PersonsService, PersonActivityService],
  exports: [PersonsService, PersonsRepository, PersonFieldsRepository],
})
export class PersonsModule {}
