import { Injectable } from '@nestjs/common';
import {
  EMPTY_FALLBACK_TYPES,
  type EmailToken,
  pageCount,
  type ParsedRequestOf,
  type ResponseOf,
  tokenMessages,
  type TokenPreviewRow,
  type TokenReturnType,
  tokenTypeChangeMessage,
  type tokenPreviewContract,
  type tokensListContract,
  type tokenUpdateContract,
} from '@meridian/contracts';
import { NotFoundError, type RequestContext, ValidationError } from '@meridian/server-kit';
import { PersonalisationService } from '../personalisation/personalisation.service';
import type { EmailTokenEntity } from './email-token.entity';
import { TokensError } from './tokens.errors';
import { type TokenPatch, TokensRepository } from './tokens.repository';

export function toToken(row: EmailTokenEntity): EmailToken {
  return {
    token_id: row.id,
    name: row.name,
    token: row.code,
    description: row.description,
    default_value: row.default_value,
    return_type: row.return_type,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: { id: row.created_by_id, name: row.created_by_name },
  };
}

/** Why a fallback does not fit the token's type, or null. */
export function fallbackProblem(value: string, type: TokenReturnType): string | null {
  if (EMPTY_FALLBACK_TYPES.includes(type)) return null;
  if (value.trim() === '') return tokenMessages.fallbackRequired;
  switch (type) {
    case 'array':
    case 'hashmap':
    case 'string':
      return null;
    case 'number':
      return Number.isFinite(Number(value)) ? null : 'Fallback value must be a number';
    case 'boolean':
      return value === 'true' || value === 'false' ? null : 'Fallback value must be true or false';
    case 'datetime':
      return Number.isNaN(Date.parse(value)) ? 'Fallback value must be a date' : null;
  }
}

const nameTaken = () =>
  new TokensError('TokenNameExistsException', tokenMessages.nameTaken, { name: [tokenMessages.nameTaken] });

@Injectable()
export class TokensService {
  constructor(
    private readonly tokens: TokensRepository,
    private readonly personalisation: PersonalisationService,
  ) {}

  async page(
    auth: RequestContext,
    input: ParsedRequestOf<typeof tokensListContract>,
  ): Promise<ResponseOf<typeof tokensListContract>> {
    const [rows, total] = await this.tokens.page(auth.organisationId, {
      keyword: input.query?.search?.keyword || undefined,
      limit: input.page_size,
      offset: (input.page_number - 1) * input.page_size,
    });
    return {
      records: rows.map(toToken),
      page_number: input.page_number,
      page_size: input.page_size,
      page_count: pageCount(total, input.page_size),
      total_count: total,
    };
  }

  async all(auth: RequestContext): Promise<EmailToken[]> {
    return (await this.tokens.all(auth.organisationId)).map(toToken);
  }

  async get(auth: RequestContext, tokenId: string): Promise<EmailToken> {
    return toToken(await this.require(auth, tokenId));
  }

  async create(auth: RequestContext, name: string): Promise<EmailToken> {
    // The session carries the account's email; it names the author in the list.
    const row = await this.tokens.insert(auth.organisationId, name, {
      id: auth.accountId,
      name: auth.name ?? auth.email,
    });
    if (!row) throw nameTaken();
    return toToken(row);
  }

  /**
   * Saves a token's definition. The code must verify; its type is inferred and may not change
   * once the token has code; the fallback must fit the type. Every problem is reported at once.
   */
  async update(
    auth: RequestContext,
    input: ParsedRequestOf<typeof tokenUpdateContract>,
  ): Promise<EmailToken> {
    const current = await this.require(auth, input.token_id);
    const verified = await this.personalisation.verify(auth.organisationId, input.token);
    const errors: Record<string, string[]> = {};
    let type: TokenReturnType = current.return_type;
    if ('error' in verified) {
      errors.token = [verified.error.reason];
    } else {
      type = verified.return_type;
      if (current.code.trim() !== '' && type !== current.return_type) {
        const message = tokenTypeChangeMessage(current.return_type, type);
        throw new TokensError('TokenTypeChangeException', message, { token: [message] });
      }
    }
    const fallback = fallbackProblem(input.default_value, type);
    if (fallback) errors.default_value = [fallback];
    if (Object.keys(errors).length > 0) {
      throw new ValidationError(errors, Object.values(errors).flat().join(', '));
    }
    const patch: TokenPatch = {
      code: input.token,
      description: input.description,
      default_value: EMPTY_FALLBACK_TYPES.includes(type) ? '' : input.default_value.trim(),
      return_type: type,
      ...(input.name !== undefined ? { name: input.name } : {}),
    };
    const updated = await this.tokens.update(auth.organisationId, input.token_id, patch);
    if (updated === 'name-taken') throw nameTaken();
    if (!updated) throw new NotFoundError(tokenMessages.notFound);
    return toToken(updated);
  }

  async remove(auth: RequestContext, tokenId: string): Promise<EmailToken> {
    const row = await this.tokens.remove(auth.organisationId, tokenId);
    if (!row) throw new NotFoundError(tokenMessages.notFound);
    return toToken(row);
  }

  /** The saved token's value for each person (all of them must be the organisation's). */
  async preview(
    auth: RequestContext,
    input: ParsedRequestOf<typeof tokenPreviewContract>,
  ): Promise<TokenPreviewRow[]> {
    const token = await this.require(auth, input.token_id);
    if (token.code.trim() === '') {
      throw new TokensError('TokenNotSavedException', tokenMessages.saveBeforePreview);
    }
    const structured = token.return_type === 'array' || token.return_type === 'hashmap';
    const value = `{{ tokens[${JSON.stringify(token.name)}]${structured ? ' | json' : ''} }}`;
    // The same person asked for twice is rendered once.
    const persons = [
      ...new Map(
        input.person_ids.map((p) => [`${p.id}|${p.org_id ?? ''}|${p.product_user_id ?? ''}`, p]),
      ).values(),
    ];
    const rendered = await this.personalisation.renderForPersons(auth.organisationId, {
      texts: { value },
      persons,
      campaignContext: input.campaign_context,
    });
    if (rendered.length < persons.length) throw new NotFoundError('Contact not found');
    return rendered.map(({ person, texts, errors }) => ({
      email: person.email,
      column: token.name,
      token: texts.value ?? '',
      product_user_id: person.product_user_id,
      org_id: person.org_id,
      error: errors.value ?? null,
    }));
  }

  private async require(auth: RequestContext, tokenId: string): Promise<EmailTokenEntity> {
    const row = await this.tokens.find(auth.organisationId, tokenId);
    if (!row) throw new NotFoundError(tokenMessages.notFound);
    return row;
  }
}
