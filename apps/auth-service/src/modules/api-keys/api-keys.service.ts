import { Injectable } from '@nestjs/common';
import { ADMINS_ONLY_API_KEYS, type ApiKey } from '@meridian/contracts';
import { DomainError, hasRole, type RequestContext, Transactions } from '@meridian/server-kit';
import { hashSecret, newSecret } from '../../common/secrets';
import type { ApiKeyEntity } from './api-key.entity';
import { ApiKeysRepository } from './api-keys.repository';

const KEY_PREFIX = 'mk_';
const SHOWN_PREFIX_LENGTH = 10;

function toApiKey(row: ApiKeyEntity): ApiKey {
  return {
    id: row.id,
    label: row.label,
    key_type: row.key_type,
    prefix: row.key_prefix,
    created_by_id: row.created_by_id,
    time_created: row.time_created.toISOString(),
  };
}

@Injectable()
export class ApiKeysService {
  constructor(
    private readonly transactions: Transactions,
    private readonly keys: ApiKeysRepository,
  ) {}

  async list(auth: RequestContext): Promise<ApiKey[]> {
    return (await this.keys.listLive(auth.organisationId)).map(toApiKey);
  }

  /** A new key of the type; the organisation's earlier keys of that type stop working ('Refresh API Keys'). */
  async create(
    auth: RequestContext,
    input: { label: string; key_type: string },
  ): Promise<ApiKey & { key: string }> {
    // A new key ends the old one, which the organisation's integrations depend on: admins only.
    if (!hasRole(auth, 'CUSTOMER_ORG_ADMIN')) {
      throw new DomainError('ForbiddenException', { status: 403, description: ADMINS_ONLY_API_KEYS });
    }
    const key = `${KEY_PREFIX}${newSecret()}`;
    const row = await this.transactions.run(async (tx) => {
      await this.keys.revokeType(auth.organisationId, input.key_type, tx);
      return this.keys.insert(
        {
          label: input.label,
          key_type: input.key_type,
          key_prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
          key_hash: hashSecret(key),
          created_by_id: auth.accountId,
        },
        auth.organisationId,
        tx,
      );
    });
    return { ...toApiKey(row), key };
  }
}
