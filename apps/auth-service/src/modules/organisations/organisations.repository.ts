import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { managerIn, repositoryIn, type Transaction } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { OrganisationEntity } from './organisation.entity';

export interface NewOrganisation {
  name: string;
  slug: string;
  domain: string;
  is_internal?: boolean;
  domain_verified_at?: Date | null;
}

@Injectable()
export class OrganisationsRepository {
  constructor(
    @InjectRepository(OrganisationEntity) private readonly organisations: Repository<OrganisationEntity>,
  ) {}

  findById(id: string, tx?: Transaction): Promise<OrganisationEntity | null> {
    return repositoryIn(tx, OrganisationEntity, this.organisations).findOneBy({ id });
  }

  findBySlug(slug: string): Promise<OrganisationEntity | null> {
    return this.organisations.findOneBy({ slug });
  }

  /** The organisation that owns the domain (verified); a domain only claimed has no owner. */
  findOwnerOfDomain(domain: string, tx?: Transaction): Promise<OrganisationEntity | null> {
    return repositoryIn(tx, OrganisationEntity, this.organisations)
      .createQueryBuilder('o')
      .where('lower(o.domain) = lower(:domain) AND o.domain_verified_at IS NOT NULL', { domain })
      .getOne();
  }

  /** Makes the organisation own its domain unless another one already does; whether it owns it now. */
  async claimDomain(id: string, tx: Transaction): Promise<boolean> {
    const rows: Array<{ id: string }> = await managerIn(tx, this.organisations).query(
      `UPDATE auth.organisations o SET domain_verified_at = now()
        WHERE o.id = $1 AND o.domain_verified_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM auth.organisations x
                           WHERE lower(x.domain) = lower(o.domain) AND x.domain_verified_at IS NOT NULL)
        RETURNING o.id`,
      [id],
    );
    if (rows.length > 0) return true;
    return Boolean((await this.findById(id, tx))?.domain_verified_at);
  }

  findInternal(tx?: Transaction): Promise<OrganisationEntity | null> {
    return repositoryIn(tx, OrganisationEntity, this.organisations).findOneBy({ is_internal: true });
  }

  listAll(): Promise<OrganisationEntity[]> {
    return this.organisations.find({ order: { name: 'ASC', time_created: 'ASC' } });
  }

  /**
   * Serialises organisation creation (slug and domain checks, then the insert)
   * for the rest of the transaction. Organisations are created rarely; this is
   * simpler than retrying on unique violations inside a transaction.
   */
  async lockCreation(tx: Transaction): Promise<void> {
    await managerIn(tx, this.organisations).query(
      `SELECT pg_advisory_xact_lock(hashtext('auth.organisations.create'))`,
    );
  }

  /** Slugs equal to `base` or of the form `base-N`. */
  async slugsLike(base: string, tx?: Transaction): Promise<Set<string>> {
    const rows: Array<{ slug: string }> = await managerIn(tx, this.organisations).query(
      `SELECT slug FROM auth.organisations WHERE slug = $1 OR slug ~ ('^' || $1 || '-[0-9]+$')`,
      [base],
    );
    return new Set(rows.map((row) => row.slug));
  }

  insert(organisation: NewOrganisation, tx?: Transaction): Promise<OrganisationEntity> {
    const repository = repositoryIn(tx, OrganisationEntity, this.organisations);
    return repository.save(
      repository.create({ id: randomUUID(), is_internal: false, domain_verified_at: null, ...organisation }),
    );
  }
}
