import type {
  DeepPartial,
  FindManyOptions,
  FindOptionsWhere,
  ObjectLiteral,
  Repository,
  SelectQueryBuilder,
} from 'typeorm';
import { NotFoundError } from '../errors/domain-error';

export interface TenantRow extends ObjectLiteral {
  organisation_id: string;
}

/**
 * A repository that cannot forget the tenant: every read, write and query
 * builder is bound to one organisation. Rows of another organisation do not
 * exist for it (not found, never forbidden).
 */
export class TenantRepository<T extends TenantRow> {
  constructor(
    private readonly repository: Repository<T>,
    readonly organisationId: string,
  ) {}

  private scope(where: FindOptionsWhere<T> = {}): FindOptionsWhere<T> {
    return { ...where, organisation_id: this.organisationId } as FindOptionsWhere<T>;
  }

  find(options: Omit<FindManyOptions<T>, 'where'> & { where?: FindOptionsWhere<T> } = {}): Promise<T[]> {
    return this.repository.find({ ...options, where: this.scope(options.where) });
  }

  findAndCount(
    options: Omit<FindManyOptions<T>, 'where'> & { where?: FindOptionsWhere<T> } = {},
  ): Promise<[T[], number]> {
    return this.repository.findAndCount({ ...options, where: this.scope(options.where) });
  }

  findOne(where: FindOptionsWhere<T>): Promise<T | null> {
    return this.repository.findOne({ where: this.scope(where) });
  }

  async get(where: FindOptionsWhere<T>, what = 'Not found'): Promise<T> {
    const row = await this.findOne(where);
    if (!row) throw new NotFoundError(what);
    return row;
  }

  count(where: FindOptionsWhere<T> = {}): Promise<number> {
    return this.repository.count({ where: this.scope(where) });
  }

  create(data: Omit<DeepPartial<T>, 'organisation_id'>): Promise<T> {
    const entity = this.repository.create({
      ...data,
      organisation_id: this.organisationId,
    } as DeepPartial<T>);
    return this.repository.save(entity);
  }

  /** Updates matching rows of this organisation; returns how many changed. */
  async update(where: FindOptionsWhere<T>, patch: Partial<T>): Promise<number> {
    const { organisation_id: _ignored, ...safe } = patch as TenantRow;
    // TypeORM's update types are stricter than Partial<T>; the row shape is ours.
    const result = await this.repository.update(this.scope(where), safe as never);
    return result.affected ?? 0;
  }

  async delete(where: FindOptionsWhere<T>): Promise<number> {
    const result = await this.repository.delete(this.scope(where));
    return result.affected ?? 0;
  }

  /** A query builder already filtered to this organisation. */
  query(alias: string): SelectQueryBuilder<T> {
    return this.repository
      .createQueryBuilder(alias)
      .where(`${alias}.organisation_id = :__organisationId`, { __organisationId: this.organisationId });
  }
}

export function forOrganisation<T extends TenantRow>(repository: Repository<T>, organisationId: string) {
  return new TenantRepository(repository, organisationId);
}
