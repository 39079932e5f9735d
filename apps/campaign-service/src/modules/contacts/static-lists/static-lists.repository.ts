import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation, likePattern } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { StaticListEntity } from './static-list.entity';

export interface StaticListRow {
  id: string;
  name: string;
  num_records: number;
  created_at: Date;
  updated_at: Date;
  created_by: string | null;
  updated_by: string | null;
}

@Injectable()
export class StaticListsRepository {
  constructor(@InjectRepository(StaticListEntity) private readonly lists: Repository<StaticListEntity>) {}

  /** A page of lists with their member counts, newest change first; and the total. */
  async page(
    organisationId: string,
    query: { keyword?: string; limit: number; offset: number; id?: string },
  ): Promise<[StaticListRow[], number]> {
    const rows: (StaticListRow & { total: number })[] = await this.lists.query(
      `SELECT l.id, l.name, l.created_at, l.updated_at, l.created_by, l.updated_by,
              (SELECT count(*) FROM campaign.static_list_members m WHERE m.static_list_id = l.id)::int AS num_records,
              count(*) OVER ()::int AS total
       FROM campaign.static_lists l
       WHERE l.organisation_id = $1 AND ($2::text IS NULL OR l.name ILIKE $2) AND ($5::uuid IS NULL OR l.id = $5)
       ORDER BY l.updated_at DESC, l.id
       LIMIT $3 OFFSET $4`,
      [
        organisationId,
        query.keyword ? likePattern(query.keyword) : null,
        query.limit,
        query.offset,
        query.id ?? null,
      ],
    );
    const total = rows[0]?.total ?? (query.offset > 0 ? await this.count(organisationId, query.keyword) : 0);
    return [rows.map(({ total: _t, ...row }) => row), total];
  }

  async one(organisationId: string, id: string): Promise<StaticListRow | null> {
    const [rows] = await this.page(organisationId, { id, limit: 1, offset: 0 });
    return rows[0] ?? null;
  }

  exists(organisationId: string, id: string): Promise<StaticListEntity | null> {
    return forOrganisation(this.lists, organisationId).findOne({ id });
  }

  create(organisationId: string, name: string, accountId: string): Promise<StaticListEntity> {
    return forOrganisation(this.lists, organisationId).create({
      name,
      created_by: accountId,
      updated_by: accountId,
    });
  }

  /** Renames or just marks the list changed (`name` undefined); answers whether it exists. */
  async touch(organisationId: string, id: string, accountId: string, name?: string): Promise<boolean> {
    const changed = await forOrganisation(this.lists, organisationId).update(
      { id },
      { ...(name === undefined ? {} : { name }), updated_by: accountId, updated_at: new Date() },
    );
    return changed === 1;
  }

  async remove(organisationId: string, id: string): Promise<boolean> {
    return (await forOrganisation(this.lists, organisationId).delete({ id })) === 1;
  }

  private async count(organisationId: string, keyword?: string): Promise<number> {
    const builder = forOrganisation(this.lists, organisationId).query('l');
    if (keyword) builder.andWhere('l.name ILIKE :kw', { kw: likePattern(keyword) });
    return builder.getCount();
  }
}
