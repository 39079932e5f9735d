import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UploadsModule } from '../uploads/uploads.module';
import { StaticListEntity } from './static-list.entity';
import { StaticListMembersRepository } from './static-list-members.repository';
import { StaticListMembersService } from './static-list-members.service';
import { StaticListsController } from './static-lists.controller';
import { StaticListsRepository } from './static-lists.repository';
import { StaticListsService } from './static-lists.service';

/** Static lists: hand-curated contact lists, filled from CSV files of emails. */
@Module({
  imports: [TypeOrmModule.forFeature([StaticListEntity]), UploadsModule],
  controllers: [StaticListsController],
  providers: [
    StaticListsRepository,
    StaticListMembersRepository,
    StaticListsService,
    StaticListMembersService,
  ],
})
export class StaticListsModule {}
