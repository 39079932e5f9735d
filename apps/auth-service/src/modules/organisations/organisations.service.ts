import { Injectable } from '@nestjs/common';
import type { Transaction } from '@meridian/server-kit';
import type { OrganisationEntity } from './organisation.entity';
import { OrganisationsRepository } from './organisations.repository';
import { OrganisationsError } from './organisations.errors';
import { firstFreeSlug, slugify } from './slug';

@Injectable()
export class OrganisationsService {
  constructor(private readonly organisations: OrganisationsRepository) {}

  findById(id: string, tx?: Transaction): Promise<OrganisationEntity | null> {
    return this.organisations.findById(id, tx);
  }

  findBySlug(slug: string): Promise<OrganisationEntity | null> {
    return this.organisations.findBySlug(slug);
  }

  findByDomain(domain: string, tx?: Transaction): Promise<OrganisationEntity | null> {
    return this.organisations.findByDomain(domain, tx);
  }

  findInternal(tx?: Transaction): Promise<OrganisationEntity | null> {
    return this.organisations.findInternal(tx);
  }

  listAll(): Promise<OrganisationEntity[]> {
    return this.organisations.listAll();
  }

  /** Holds organisation creation for the rest of the transaction (re-entrant inside it). */
  lockCreation(tx: Transaction): Promise<void> {
    return this.organisations.lockCreation(tx);
  }

  /**
   * Creates an organisation with a unique slug made from its name. The domain
   * must be free. Runs inside the caller's transaction: this is where an
   * `auth.organisation.created.v1` event joins it once the outbox is available.
   */
  async create(
    input: { name: string; domain: string; isInternal?: boolean },
    tx: Transaction,
  ): Promise<OrganisationEntity> {
    await this.organisations.lockCreation(tx);
    const domain = input.domain.toLowerCase();
    if (await this.organisations.findByDomain(domain, tx)) {
      throw new OrganisationsError('DomainAlreadyRegisteredException', {
        fields: { domain: ['An organization with this domain already exists'] },
      });
    }
    const base = slugify(input.name);
    const slug = firstFreeSlug(base, await this.organisations.slugsLike(base, tx));
    return this.organisations.insert(
      { name: input.name.trim(), slug, domain, is_internal: input.isInternal ?? false },
      tx,
    );
  }
}
