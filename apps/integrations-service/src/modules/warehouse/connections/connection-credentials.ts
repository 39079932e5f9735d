import { Injectable } from '@nestjs/common';
import type { WarehouseType } from '@meridian/contracts';
import type { WarehouseTarget } from '../connectors/warehouse-session';
import type { ConnectionEntity } from './connection.entity';
import { ConnectionsRepository } from './connections.repository';
import { CredentialsCipher } from '@meridian/server-kit';

/** What a connection's sealed secret holds: JSON, so other credential kinds can join later. */
export interface ConnectionSecret {
  password: string;
}

/** Seals and opens connection secrets, bound to their organisation and connection. */
@Injectable()
export class ConnectionCredentials {
  constructor(
    private readonly cipher: CredentialsCipher,
    private readonly connections: ConnectionsRepository,
  ) {}

  seal(organisationId: string, connectionId: string, secret: ConnectionSecret): Buffer {
    return this.cipher.seal(JSON.stringify(secret), context(organisationId, connectionId));
  }

  open(row: Pick<ConnectionEntity, 'organisation_id' | 'id' | 'secret'>): ConnectionSecret {
    return JSON.parse(this.cipher.open(row.secret, context(row.organisation_id, row.id))) as ConnectionSecret;
  }

  /** The warehouse target of a stored connection; a secret sealed with an old key is resealed. */
  async target(row: ConnectionEntity): Promise<WarehouseTarget> {
    const secret = this.open(row);
    if (this.cipher.isStale(row.secret)) {
      const resealed = this.seal(row.organisation_id, row.id, secret);
      await this.connections.reseal(row.organisation_id, row.id, row.secret, resealed);
    }
    return {
      typ: row.typ as WarehouseType,
      host_name: row.host_name,
      port: row.port,
      database_name: row.database_name,
      user_name: row.user_name,
      password: secret.password,
      schema_name: row.schema_name,
      warehouse: row.options.warehouse ?? null,
      role: row.options.role ?? null,
    };
  }
}

const context = (organisationId: string, connectionId: string) =>
  `connection:${organisationId}:${connectionId}`;
