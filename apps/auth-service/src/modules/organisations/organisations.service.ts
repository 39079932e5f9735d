import { Injectable } from '@nestjs/common';
import { events, isEmailAtDomain } from '@meridian/contracts';
import { EventPublisher, type Transaction } from '@meridian/server-kit';
import type { OrganisationEntity } from './organisation.entity';
import { OrganisationsRepository } from './organisations.repository';
import { OrganisationsError } from './organisations.errors';
import { firstFreeSlug, slugify } from './slug';

@Injectable()
export class OrganisationsService {
  constructor(
    private readonly organisations: OrganisationsRepository,
    private readonly publisher: EventPublisher,
  ) {}

  findById(id: string, tx?: Transaction): Promise<OrganisationEntity | null> {
    return this.organisations.findById(id, tx);
  }

  findBySlug(slug: string): Promise<OrganisationEntity | null> {
    return this.organisations.findBySlug(slug);
  }

  /** The organisation owning the domain: only a verified domain has one (SSO routes by it). */
  findOwnerOfDomain(domain: string, tx?: Transaction): Promise<OrganisationEntity | null> {
    return this.organisations.findOwnerOfDomain(domain, tx);
  }

  /**
   * Called when an account's email is verified: an organisation whose registrant's email is at its
   * domain owns the domain from then on, unless another organisation came first.
   */
  async claimDomainFor(account: { email: string; organisation_id: string }, tx: Transaction): Promise<void> {
    const organisation = await this.organisations.findById(account.organisation_id, tx);
    if (!organisation || organisation.domain_verified_at) return;
    if (!isEmailAtDomain(account.email, organisation.domain)) return;
    await this.organisations.lockCreation(tx);
    await this.organisations.claimDomain(organisation.id, tx);
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
   * Creates an organisation with a unique slug made from its name. No other organisation may
   * own the domain; it becomes this one's when its registrant's email is verified (or at once,
   * `domainVerified`, for the organisations the seed makes). Runs inside the caller's transaction,
   * and `auth.organisation.created.v1` joins it there (outbox): every way an organisation comes to
   * be (registration, the seed) goes through here, so other services hear of each one exactly once.
   */
  async create(
    input: { name: string; domain: string; isInternal?: boolean; domainVerified?: boolean },
    tx: Transaction,
  ): Promise<OrganisationEntity> {
    await this.organisations.lockCreation(tx);
    const domain = input.domain.toLowerCase();
    if (await this.organisations.findOwnerOfDomain(domain, tx)) {
      throw new OrganisationsError('DomainAlreadyRegisteredException', {
        fields: { domain: ['An organization with this domain already exists'] },
      });
    }
    const base = slugify(input.name);
    const slug = firstFreeSlug(base, await this.organisations.slugsLike(base, tx));
    const organisation = await this.organisations.insert(
      {
        name: input.name.trim(),
        slug,
        domain,
        is_internal: input.isInternal ?? false,
        domain_verified_at: input.domainVerified ? new Date() : null,
      },
      tx,
    );
    await this.publisher.publish(tx, events.organisationCreated, {
      organisation_id: organisation.id,
      name: organisation.name,
      slug: organisation.slug,
      domain: organisation.domain,
    });
    return organisation;
  }
}
