import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { forOrganisation, managerIn, repositoryIn, type Transaction } from '@meridian/server-kit';
import { IsNull, Repository } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity';

@Injectable()
export class ApiKeysRepository {
  constructor(@InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>) {}

  listLive(organisationId: string): Promise<ApiKeyEntity[]> {
    return forOrganisation(this.keys, organisationId).find({
      where: { revoked_at: IsNull() },
      order: { time_created: 'DESC' },
    });
  }

  /**
   * Retires the organisation's live keys of this type; answers their ids. Refreshes of one type
   * take turns until `tx` ends, so two at once (a double click, two tabs) leave one live key: the
   * later one retires the earlier one's key instead of missing it.
   */
  async revokeType(organisationId: string, keyType: string, tx: Transaction): Promise<string[]> {
    await managerIn(tx, this.keys).query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `api-keys:${organisationId}:${keyType}`,
    ]);
    const keys = forOrganisation(repositoryIn(tx, ApiKeyEntity, this.keys), organisationId);
    const live = await keys.find({
      where: { key_type: keyType, revoked_at: IsNull() },
      select: { id: true },
    });
    if (live.length === 0) return [];
    await keys.update({ key_type: keyType, revoked_at: IsNull() }, { revoked_at: new Date() });
    return live.map((k) => k.id);
  }

  insert(
    key: Omit<ApiKeyEntity, 'id' | 'time_created' | 'revoked_at' | 'organisation_id'>,
    organisationId: string,
    tx: Transaction,
  ) {
    return forOrganisation(repositoryIn(tx, ApiKeyEntity, this.keys), organisationId).create({
      id: randomUUID(),
      ...key,
    });
  }
}
