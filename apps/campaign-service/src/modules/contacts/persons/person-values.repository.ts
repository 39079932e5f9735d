import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type FieldValue, FILLABLE_DEFAULT_FIELDS } from '@meridian/contracts';
import { managerIn, type Transaction } from '@meridian/server-kit';
import { Repository } from 'typeorm';
import { PersonEntity } from './person.entity';

/** One field's new value for one person; null clears it. */
export interface PersonValue {
  personId: string;
  field: string;
  value: FieldValue;
}

/** Columns a flow step may write (the email identifies a contact and is never set this way). */
const WRITABLE = new Set<string>(FILLABLE_DEFAULT_FIELDS.filter((name) => name !== 'email'));

/**
 * Set-based value updates of many contacts (a flow's 'Update value' step): one UPDATE per
 * default column and one for all custom fields, whatever the number of persons.
 */
@Injectable()
export class PersonValuesRepository {
  constructor(@InjectRepository(PersonEntity) private readonly persons: Repository<PersonEntity>) {}

  async write(
    organisationId: string,
    values: readonly PersonValue[],
    customFields: ReadonlySet<string>,
    tx?: Transaction,
  ): Promise<void> {
    const manager = managerIn(tx, this.persons);
    const columns = new Map<string, PersonValue[]>();
    const custom = new Map<string, Record<string, FieldValue>>();
    for (const item of values) {
      if (WRITABLE.has(item.field)) columns.set(item.field, [...(columns.get(item.field) ?? []), item]);
      else if (customFields.has(item.field))
        custom.set(item.personId, { ...(custom.get(item.personId) ?? {}), [item.field]: item.value });
    }
    for (const [column, items] of columns) {
      // The column name comes from the fixed list above, never from the request.
      await manager.query(
        `UPDATE campaign.persons p SET "${column}" = u.value, _updated_time = now()
           FROM unnest($2::uuid[], $3::text[]) AS u(id, value)
          WHERE p.organisation_id = $1 AND p.id = u.id`,
        [
          organisationId,
          items.map((i) => i.personId),
          items.map((i) => (i.value === null ? null : String(i.value))),
        ],
      );
    }
    if (custom.size > 0)
      await manager.query(
        `UPDATE campaign.persons p SET custom_fields = coalesce(p.custom_fields, '{}'::jsonb) || u.patch,
                _updated_time = now()
           FROM unnest($2::uuid[], $3::jsonb[]) AS u(id, patch)
          WHERE p.organisation_id = $1 AND p.id = u.id`,
        [organisationId, [...custom.keys()], [...custom.values()].map((patch) => JSON.stringify(patch))],
      );
  }
}
