import { Injectable } from '@nestjs/common';
import { ADMINS_ONLY_API_KEYS, type ApiKey, apiKeyIssued } from '@meridian/contracts';
import {
  DomainError,
  EventPublisher,
  hasRole,
  type RequestContext,
  Transactions,
} from '@meridian/server-kit';
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
    private readonly publisher: EventPublisher,
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
    const keyHash = hashSecret(key);
    const row = await this.transactions.run(async (tx) => {
      const retired = await this.keys.revokeType(auth.organisationId, input.key_type, tx);
      const inserted = await this.keys.insert(
        {
          label: input.label,
          key_type: input.key_type,
          key_prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
          key_hash: keyHash,
          created_by_id: auth.accountId,
        },
        auth.organisationId,
        tx,
      );
      // Services that take keys (the Segment ingest) verify them from this, without asking us per request.
      await this.publisher.publish(tx, apiKeyIssued, {
        organisation_id: auth.organisationId,
        key_id: inserted.id,
        key_type: input.key_type,
        key_hash: keyHash,
        retired_key_ids: retired,
      });
      return inserted;
    });
    return { ...toApiKey(row), key };
  }
}
