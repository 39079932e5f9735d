import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PersonalisationKeyEntity } from './personalisation-key.entity';

@Injectable()
export class PersonalisationKeysRepository {
  constructor(
    @InjectRepository(PersonalisationKeyEntity) private readonly keys: Repository<PersonalisationKeyEntity>,
  ) {}

  /** The unsubscribe signing key; the first caller creates it, concurrent first callers agree on one. */
  async unsubscribeKey(): Promise<Buffer> {
    await this.keys.query(
      `INSERT INTO campaign.personalisation_keys (id, unsubscribe_key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`,
      [randomBytes(32)],
    );
    const [row] = (await this.keys.query(
      `SELECT unsubscribe_key FROM campaign.personalisation_keys WHERE id = 1`,
    )) as {
      unsubscribe_key: Buffer;
    }[];
    if (!row) throw new Error('The unsubscribe key could not be stored');
    return row.unsubscribe_key;
  }
}
