import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { EmailTokenEntity } from '../tokens/email-token.entity';
import type { SavedToken } from './render-core';

/**
 * Reads an organisation's tokens for rendering. The tokens feature owns writing them; this
 * read lives here so rendering does not depend on the feature that depends on rendering.
 */
@Injectable()
export class SavedTokensRepository {
  constructor(@InjectRepository(EmailTokenEntity) private readonly tokens: Repository<EmailTokenEntity>) {}

  async list(organisationId: string): Promise<SavedToken[]> {
    const rows = await forOrganisation(this.tokens, organisationId).find({
      select: { organisation_id: true, name: true, code: true, default_value: true, return_type: true },
    });
    return rows.map((row) => ({
      name: row.name,
      code: row.code,
      default_value: row.default_value,
      return_type: row.return_type,
    }));
  }
}
