import { Injectable } from '@nestjs/common';
import {
  contactMessages,
  DEFAULT_FIELD_NAMES,
  FILLABLE_DEFAULT_FIELDS,
  type ParsedRequestOf,
  type Person,
  type PersonField,
  type personListContract,
  type ResponseOf,
  ownValue,
} from '@meridian/contracts';
import {
  NotFoundError,
  type RequestContext,
  type Transaction,
  Transactions,
  ValidationError,
} from '@meridian/server-kit';
import { pageInfo } from './contact-search';
import type { PersonEntity } from './person.entity';
import type { PersonFieldEntity } from './person-field.entity';
import { type FieldValue, planUpdate } from './person-fields';
import { PersonFieldsRepository } from './person-fields.repository';
import { PersonsDeletedPublisher } from './persons-deleted.publisher';
import { PersonsError } from './persons.errors';
import { PersonsRepository } from './persons.repository';

/** The contacts list's columns (spec 2 "Contacts") when the caller names none. */
export const LIST_COLUMNS = [...FILLABLE_DEFAULT_FIELDS, '_created_time'];

export const PERSON_NOT_FOUND = 'Contact not found';

/** A contact's stored values, as other features read them (personalisation, sending). */
export type PersonRecord = Omit<PersonEntity, 'organisation_id'>;

function toDefinition(row: PersonFieldEntity): PersonField {
  const { organisation_id: _o, position: _p, ...definition } = row;
  return definition;
}

/** The default fields' values: each is a column of the same name. */
export function defaultValues(row: PersonEntity): Record<string, FieldValue> {
  return Object.fromEntries(DEFAULT_FIELD_NAMES.map((name) => [name, row[name]]));
}

export function toPerson(row: PersonEntity, definitions: PersonField[]): Person {
  const defaults = defaultValues(row);
  return {
    id: row.id,
    email: row.email,
    org_id: row.org_id,
    product_user_id: row.product_user_id,
    unsubscribed: row.unsubscribed,
    _created_time: row._created_time.toISOString(),
    _updated_time: row._updated_time.toISOString(),
    default_fields: definitions
      .filter((d) => !d.custom)
      .map((d) => ({ ...d, value: ownValue(defaults, d.name) ?? null })),
    custom_fields: definitions
      .filter((d) => d.custom)
      .map((d) => ({ ...d, value: ownValue(row.custom_fields, d.name) ?? null })),
  };
}

@Injectable()
export class PersonsService {
  constructor(
    private readonly persons: PersonsRepository,
    private readonly fields: PersonFieldsRepository,
    private readonly transactions: Transactions,
    private readonly deleted: PersonsDeletedPublisher,
  ) {}

  async list(
    auth: RequestContext,
    input: ParsedRequestOf<typeof personListContract>,
  ): Promise<ResponseOf<typeof personListContract>> {
    const definitions = await this.fields.list(auth.organisationId);
    const columns = input.columns?.length ? input.columns : LIST_COLUMNS;
    const known = new Map(definitions.map((d) => [d.name, d]));
    const unknown = columns.filter((c) => c !== '_created_time' && !known.has(c));
    if (unknown.length > 0) throw new ValidationError({ columns: [`Unknown column: ${unknown.join(', ')}`] });

    const { rows, count } = await this.persons.list(auth.organisationId, {
      keyword: input.keyword || undefined,
      startDate: input.start_date,
      endDate: input.end_date,
      limit: input.page_size,
      offset: (input.page_number - 1) * input.page_size,
    });
    const records = rows.map((row) => {
      const defaults = defaultValues(row);
      const record: Record<string, FieldValue> = {};
      for (const column of columns) {
        const definition = known.get(column);
        record[column] = definition?.custom
          ? (ownValue(row.custom_fields, column) ?? null)
          : (ownValue(defaults, column) ?? null);
      }
      return { ...record, id: row.id, email: row.email, _created_time: row._created_time.toISOString() };
    });
    return {
      records,
      page_number: input.page_number,
      page_size: input.page_size,
      ...pageInfo(count, input.page_size),
    };
  }

  async create(auth: RequestContext, email: string): Promise<string> {
    const row = await this.persons.insert(auth.organisationId, email);
    if (!row)
      throw new PersonsError('PersonAlreadyExistsException', contactMessages.emailTaken, {
        email: [contactMessages.emailTaken],
      });
    return row.id;
  }

  /** The organisation's persons among `ids`, in one query; ids of others (or of no one) are simply absent. */
  findMany(organisationId: string, ids: readonly string[]): Promise<PersonRecord[]> {
    return this.persons.findMany(organisationId, ids);
  }

  /** The organisation's person fields, defaults first (seeded on first use). */
  async fieldDefinitions(organisationId: string): Promise<PersonField[]> {
    return (await this.fields.list(organisationId)).map(toDefinition);
  }

  async get(auth: RequestContext, personId: string): Promise<Person> {
    const row = await this.require(auth, personId);
    return toPerson(row, (await this.fields.list(auth.organisationId)).map(toDefinition));
  }

  async update(
    auth: RequestContext,
    personId: string,
    input: { default_fields: Record<string, FieldValue>; custom_fields: Record<string, FieldValue> },
  ): Promise<Person> {
    const row = await this.require(auth, personId);
    const definitions = (await this.fields.list(auth.organisationId)).map(toDefinition);
    const { patch, errors } = planUpdate(
      definitions,
      { defaults: defaultValues(row), custom: row.custom_fields },
      input,
    );
    if (Object.keys(errors).length > 0) {
      throw new PersonsError('InvalidPersonFieldException', 'Some fields are invalid', errors);
    }
    const saved = await this.persons.update(auth.organisationId, personId, patch);
    if (!saved) {
      throw new PersonsError('PersonAlreadyExistsException', contactMessages.emailTaken, {
        'default_fields.email': [contactMessages.emailTaken],
      });
    }
    return toPerson(await this.require(auth, personId), definitions);
  }

  /** Deletes a contact once the caller has typed its email (any case) to confirm. */
  async remove(auth: RequestContext, personId: string, email: string): Promise<void> {
    const row = await this.require(auth, personId);
    if (row.email.toLowerCase() !== email.trim().toLowerCase()) {
      throw new PersonsError('EmailMismatchException', contactMessages.emailMismatch, {
        email: [contactMessages.emailMismatch],
      });
    }
    await this.transactions.run((tx) => this.removeMany(tx, auth.organisationId, [personId]));
  }

  /**
   * The one way persons are deleted (one or many, one statement): personsDeleted goes out in the
   * same transaction, so linked CRM records are deleted or unlinked. Answers how many went.
   */
  async removeMany(tx: Transaction, organisationId: string, personIds: readonly string[]): Promise<number> {
    const removed = await this.persons.removeMany(tx, organisationId, personIds);
    await this.deleted.publish(tx, organisationId, removed);
    return removed.length;
  }

  async unsubscribeStatus(auth: RequestContext, personId: string): Promise<boolean> {
    return (await this.require(auth, personId)).unsubscribed;
  }

  async toggleUnsubscribe(auth: RequestContext, personId: string): Promise<boolean> {
    const unsubscribed = await this.persons.toggleUnsubscribed(auth.organisationId, personId);
    if (unsubscribed === null) throw new NotFoundError(PERSON_NOT_FOUND);
    return unsubscribed;
  }

  /** From a signed unsubscribe link (no session): idempotent; false when the person is gone. */
  markUnsubscribed(organisationId: string, personId: string): Promise<boolean> {
    return this.persons.markUnsubscribed(organisationId, personId);
  }

  async require(auth: RequestContext, personId: string): Promise<PersonEntity> {
    const row = await this.persons.find(auth.organisationId, personId);
    if (!row) throw new NotFoundError(PERSON_NOT_FOUND);
    return row;
  }
}
