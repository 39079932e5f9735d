import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation, isUniqueViolation, likePattern } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { EmailTokenEntity } from './email-token.entity';

export type TokenPatch = Partial<
  Pick<EmailTokenEntity, 'name' | 'code' | 'description' | 'default_value' | 'return_type'>
>;

const NAME_KEY = 'email_tokens_org_name_key';

@Injectable()
export class TokensRepository {
  constructor(@InjectRepository(EmailTokenEntity) private readonly tokens: Repository<EmailTokenEntity>) {}

  page(
    organisationId: string,
    query: { keyword?: string; limit: number; offset: number },
  ): Promise<[EmailTokenEntity[], number]> {
    const builder = forOrganisation(this.tokens, organisationId).query('t');
    if (query.keyword) builder.andWhere('t.name ILIKE :kw', { kw: likePattern(query.keyword) });
    return builder
      .orderBy('t.updated_at', 'DESC')
      .addOrderBy('t.id', 'ASC')
      .take(query.limit)
      .skip(query.offset)
      .getManyAndCount();
  }

  all(organisationId: string): Promise<EmailTokenEntity[]> {
    return forOrganisation(this.tokens, organisationId).query('t').orderBy('lower(t.name)', 'ASC').getMany();
  }

  find(organisationId: string, id: string): Promise<EmailTokenEntity | null> {
    return forOrganisation(this.tokens, organisationId).findOne({ id });
  }

  /** The new token, or null when the name is taken in the organisation (any case). */
  async insert(
    organisationId: string,
    name: string,
    createdBy: { id: string; name: string },
  ): Promise<EmailTokenEntity | null> {
    try {
      return await forOrganisation(this.tokens, organisationId).create({
        name,
        created_by_id: createdBy.id,
        created_by_name: createdBy.name,
      });
    } catch (error) {
      if (isUniqueViolation(error, NAME_KEY)) return null;
      throw error;
    }
  }

  /** The updated token; null when it is gone; 'name-taken' when the new name clashes. */
  async update(
    organisationId: string,
    id: string,
    patch: TokenPatch,
  ): Promise<EmailTokenEntity | null | 'name-taken'> {
    try {
      const changed = await forOrganisation(this.tokens, organisationId).update(
        { id },
        { ...patch, updated_at: new Date() },
      );
      return changed === 0 ? null : this.find(organisationId, id);
    } catch (error) {
      if (isUniqueViolation(error, NAME_KEY)) return 'name-taken';
      throw error;
    }
  }

  /** The deleted row, read and removed in one statement; null when it was not there. */
  async remove(organisationId: string, id: string): Promise<EmailTokenEntity | null> {
    const [rows] = (await this.tokens.query(
      `DELETE FROM campaign.email_tokens WHERE organisation_id = $1 AND id = $2 RETURNING *`,
      [organisationId, id],
    )) as [EmailTokenEntity[], number];
    return rows[0] ?? null;
  }
}
