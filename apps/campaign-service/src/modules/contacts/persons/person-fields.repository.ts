import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEFAULT_PERSON_FIELDS, type PersonField } from '@meridian/contracts';
import { forOrganisation, managerIn, type Transaction } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { PersonFieldEntity } from './person-field.entity';

const COLUMNS = 'name, display, type, length, read_only, updatable, required, hidden, custom, position';
const RECORD = `name text, display text, type text, length int, read_only boolean, updatable boolean,
  required boolean, hidden boolean, custom boolean, position int`;

@Injectable()
export class PersonFieldsRepository {
  /** Organisations whose defaults are known to be seeded by this process: saves a write per request. */
  private readonly seeded = new Set<string>();

  constructor(@InjectRepository(PersonFieldEntity) private readonly fields: Repository<PersonFieldEntity>) {}

  /** The organisation's field definitions, defaults first; seeds the defaults on first use. */
  async list(organisationId: string): Promise<PersonFieldEntity[]> {
    if (!this.seeded.has(organisationId)) {
      await this.insertMany(
        organisationId,
        DEFAULT_PERSON_FIELDS.map((f) => ({ ...f })),
      );
      this.seeded.add(organisationId);
    }
    return forOrganisation(this.fields, organisationId).find({
      order: { custom: 'ASC', position: 'ASC', name: 'ASC' },
    });
  }

  /** Adds definitions that do not exist yet (existing ones are kept as they are). */
  async insertMany(
    organisationId: string,
    fields: (PersonField & { position: number })[],
    tx?: Transaction,
  ): Promise<void> {
    if (fields.length === 0) return;
    await managerIn(tx, this.fields).query(
      `INSERT INTO campaign.person_fields (organisation_id, ${COLUMNS})
       SELECT $1::uuid, ${COLUMNS} FROM jsonb_to_recordset($2::jsonb) AS f(${RECORD})
       ON CONFLICT (organisation_id, name) DO NOTHING`,
      [organisationId, JSON.stringify(fields)],
    );
  }
}
