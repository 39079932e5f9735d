import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SamlConsumedAssertionEntity, SamlLoginCodeEntity, SamlRequestEntity } from './saml-login.entity';

/** The SAML login's short-lived state, in Postgres so every replica shares it. */
@Injectable()
export class SamlLoginRepository {
  constructor(
    @InjectRepository(SamlRequestEntity) private readonly requests: Repository<SamlRequestEntity>,
    @InjectRepository(SamlConsumedAssertionEntity)
    private readonly assertions: Repository<SamlConsumedAssertionEntity>,
    @InjectRepository(SamlLoginCodeEntity) private readonly codes: Repository<SamlLoginCodeEntity>,
  ) {}

  async saveRequest(
    organisationId: string,
    id: string,
    issueInstant: string,
    expiresAt: Date,
  ): Promise<void> {
    await this.requests.query(`DELETE FROM auth.saml_requests WHERE expires_at < now()`);
    await this.requests.insert({
      id,
      organisation_id: organisationId,
      issue_instant: issueInstant,
      expires_at: expiresAt,
    });
  }

  /** The request's issue instant while it is open; only the organisation's own requests count. */
  async findRequest(organisationId: string, id: string): Promise<string | null> {
    const row = await this.requests
      .createQueryBuilder('r')
      .where('r.id = :id AND r.organisation_id = :organisationId AND r.expires_at > now()', {
        id,
        organisationId,
      })
      .getOne();
    return row?.issue_instant ?? null;
  }

  async removeRequest(organisationId: string, id: string): Promise<void> {
    await this.requests.delete({ id, organisation_id: organisationId });
  }

  /** Records an assertion as used; false when it was used before (a replay). */
  async consumeAssertion(organisationId: string, assertionId: string, expiresAt: Date): Promise<boolean> {
    await this.assertions.query(`DELETE FROM auth.saml_consumed_assertions WHERE expires_at < now()`);
    const rows: unknown[] = await this.assertions.query(
      `INSERT INTO auth.saml_consumed_assertions (assertion_id, organisation_id, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (assertion_id) DO NOTHING RETURNING assertion_id`,
      [assertionId, organisationId, expiresAt],
    );
    return rows.length === 1;
  }

  async issueCode(code: {
    account_id: string;
    organisation_id: string;
    code_hash: string;
    expires_at: Date;
  }): Promise<void> {
    await this.codes.insert({ id: randomUUID(), ...code });
  }

  /** Uses a code once; its account, or null when it is unknown, used or expired. */
  async consumeCode(codeHash: string): Promise<string | null> {
    const [rows]: [Array<{ account_id: string }>, number] = await this.codes.query(
      `UPDATE auth.saml_login_codes SET used_at = now()
        WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING account_id`,
      [codeHash],
    );
    return rows[0]?.account_id ?? null;
  }
}
