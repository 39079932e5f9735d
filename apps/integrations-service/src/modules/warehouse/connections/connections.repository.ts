import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { type ConnectionOptions, ConnectionEntity } from './connection.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type NewConnection = Pick<
  ConnectionEntity,
  'id' | 'label' | 'typ' | 'host_name' | 'port' | 'database_name' | 'user_name' | 'secret' | 'options'
>;
export type ConnectionChanges = Partial<
  Pick<
    ConnectionEntity,
    'label' | 'host_name' | 'port' | 'database_name' | 'user_name' | 'secret' | 'options' | 'schema_name'
  >
>;

/** Connections of one organisation at a time; another organisation's id is simply not there. */
@Injectable()
export class ConnectionsRepository {
  constructor(
    @InjectRepository(ConnectionEntity) private readonly connections: Repository<ConnectionEntity>,
  ) {}

  one(organisationId: string, id: string): Promise<ConnectionEntity | null> {
    if (!UUID.test(id)) return Promise.resolve(null);
    return forOrganisation(this.connections, organisationId).findOne({ id });
  }

  /** A page of the organisation's connections of the given kinds, newest first; and the total. */
  page(
    organisationId: string,
    typs: readonly ConnectionEntity['typ'][],
    page: { limit: number; offset: number },
  ): Promise<[ConnectionEntity[], number]> {
    return forOrganisation(this.connections, organisationId)
      .query('c')
      .andWhere('c.typ IN (:...typs)', { typs })
      .orderBy('c.time_created', 'DESC')
      .addOrderBy('c.id')
      .limit(page.limit)
      .offset(page.offset)
      .getManyAndCount();
  }

  create(organisationId: string, values: NewConnection): Promise<ConnectionEntity> {
    return forOrganisation(this.connections, organisationId).create(values);
  }

  /** Applies the changes; answers whether the connection exists in the organisation. */
  async update(organisationId: string, id: string, changes: ConnectionChanges): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const changed = await forOrganisation(this.connections, organisationId).update(
      { id },
      { ...changes, time_updated: new Date() },
    );
    return changed === 1;
  }

  /** Reseals a secret with the current key, unless it changed meanwhile. */
  async reseal(organisationId: string, id: string, from: Buffer, to: Buffer): Promise<void> {
    await this.connections
      .createQueryBuilder()
      .update()
      .set({ secret: to })
      .where('organisation_id = :organisationId AND id = :id AND secret = :from', {
        organisationId,
        id,
        from,
      })
      .execute();
  }
}

export type { ConnectionOptions };
