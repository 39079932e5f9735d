import { Injectable } from '@nestjs/common';
import type { SavedToken } from '../personalisation/render-core';
import { TokensRepository } from './tokens.repository';

/**
 * The tokens feature's answer to "which tokens does this organisation have", as the render path
 * needs them. Personalisation reads saved tokens only through this service, never the table.
 */
@Injectable()
export class SavedTokensService {
  constructor(private readonly tokens: TokensRepository) {}

  async forRendering(organisationId: string): Promise<SavedToken[]> {
    const rows = await this.tokens.all(organisationId);
    return rows.map((row) => ({
      name: row.name,
      code: row.code,
      default_value: row.default_value,
      return_type: row.return_type,
    }));
  }
}
