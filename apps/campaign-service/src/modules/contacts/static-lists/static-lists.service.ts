import { Injectable } from '@nestjs/common';
import { pageCount, type StaticList } from '@meridian/contracts';
import { NotFoundError, type RequestContext } from '@meridian/server-kit';
import { type StaticListRow, StaticListsRepository } from './static-lists.repository';

export const LIST_NOT_FOUND = 'Static list not found';
/** Spec 9: the all-lists fetch uses page size 1000. */
const ALL_LISTS_LIMIT = 1000;

export function toStaticList(row: StaticListRow): StaticList {
  return {
    static_list_id: row.id,
    name: row.name,
    num_records: row.num_records,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

@Injectable()
export class StaticListsService {
  constructor(private readonly lists: StaticListsRepository) {}

  async page(
    auth: RequestContext,
    input: { page_size: number; page_number: number; search_keyword?: string },
  ) {
    const [rows, total] = await this.lists.page(auth.organisationId, {
      keyword: input.search_keyword || undefined,
      limit: input.page_size,
      offset: (input.page_number - 1) * input.page_size,
    });
    return {
      records: rows.map(toStaticList),
      page_number: input.page_number,
      page_size: input.page_size,
      page_count: pageCount(total, input.page_size),
      total_count: total,
    };
  }

  async all(auth: RequestContext): Promise<StaticList[]> {
    const [rows] = await this.lists.page(auth.organisationId, { limit: ALL_LISTS_LIMIT, offset: 0 });
    return rows.map(toStaticList);
  }

  async create(auth: RequestContext, name: string): Promise<StaticList> {
    const row = await this.lists.create(auth.organisationId, name, auth.accountId);
    return this.get(auth, row.id);
  }

  async rename(auth: RequestContext, id: string, name: string): Promise<StaticList> {
    if (!(await this.lists.touch(auth.organisationId, id, auth.accountId, name)))
      throw new NotFoundError(LIST_NOT_FOUND);
    return this.get(auth, id);
  }

  async remove(auth: RequestContext, id: string): Promise<void> {
    if (!(await this.lists.remove(auth.organisationId, id))) throw new NotFoundError(LIST_NOT_FOUND);
  }

  async get(auth: RequestContext, id: string): Promise<StaticList> {
    const row = await this.lists.one(auth.organisationId, id);
    if (!row) throw new NotFoundError(LIST_NOT_FOUND);
    return toStaticList(row);
  }

  /** Checks the list is the caller's; marks it changed when `touch` is set. */
  async require(auth: RequestContext, id: string, touch = false): Promise<void> {
    // Multipart fields are not parsed by a contract: a malformed id is simply not found.
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
      throw new NotFoundError(LIST_NOT_FOUND);
    const found = touch
      ? await this.lists.touch(auth.organisationId, id, auth.accountId)
      : (await this.lists.exists(auth.organisationId, id)) !== null;
    if (!found) throw new NotFoundError(LIST_NOT_FOUND);
  }
}
