import { Injectable } from '@nestjs/common';
import { pageCount, type ResponseOf, type personLookupContract, utcInstant } from '@meridian/contracts';
import type { RequestContext } from '@meridian/server-kit';
import { type Page, PersonActivityRepository } from './person-activity.repository';
import { PersonsRepository } from './persons.repository';
import { PersonsService } from './persons.service';

interface PageInput {
  page_size: number;
  page_number: number;
}

export interface Paged<T> {
  records: T[];
  page_number: number;
  page_size: number;
  page_count: number;
  total_count: number;
}

const toPage = (input: PageInput): Page => ({
  limit: input.page_size,
  offset: (input.page_number - 1) * input.page_size,
});

function paged<T>(input: PageInput, [records, total]: [T[], number]): Paged<T> {
  return {
    records,
    page_number: input.page_number,
    page_size: input.page_size,
    page_count: pageCount(total, input.page_size),
    total_count: total,
  };
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** Timestamps as ISO strings, as the contracts carry them. */
function serialise(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, iso(v)])));
}

/** Reads around one person: product users, activity, emails; each checks the person is the caller's. */
@Injectable()
export class PersonActivityService {
  constructor(
    private readonly persons: PersonsService,
    private readonly personRows: PersonsRepository,
    private readonly activity: PersonActivityRepository,
  ) {}

  async productUsers(auth: RequestContext, input: PageInput & { person_id: string }) {
    const person = await this.persons.require(auth, input.person_id);
    const [rows, total] = await this.activity.productUsers(auth.organisationId, person.email, toPage(input));
    const records = rows.map((u) => ({
      id: u.id,
      person_id: person.id,
      email: u.email,
      org_id: u.org_id,
      product_user_id: u.product_user_id,
      user_properties: u.user_properties,
    }));
    return paged(input, [records, total]);
  }

  async activities(
    auth: RequestContext,
    input: PageInput & { person_id: string; activity_type: 'marketing' | 'product' },
  ) {
    await this.persons.require(auth, input.person_id);
    const read = input.activity_type === 'product' ? this.activity.product : this.activity.marketing;
    const [rows, total] = await read.call(this.activity, auth.organisationId, input.person_id, toPage(input));
    return paged(input, [serialise(rows), total]);
  }

  async emails(
    auth: RequestContext,
    input: PageInput & { person_id: string; start_time?: string; end_time?: string; correlation_id?: string },
  ) {
    await this.persons.require(auth, input.person_id);
    const [rows, total] = await this.activity.emails(
      auth.organisationId,
      input.person_id,
      {
        // As an instant in UTC (a time without an offset is UTC).
        start: input.start_time && utcInstant(input.start_time),
        end: input.end_time && utcInstant(input.end_time),
        correlationId: input.correlation_id,
      },
      toPage(input),
    );
    return paged(input, [serialise(rows), total]);
  }

  async lookup(
    auth: RequestContext,
    email: string,
    context: 'person' | 'org',
  ): Promise<ResponseOf<typeof personLookupContract>['rows']> {
    if (!email) return [];
    const persons = await this.personRows.findByEmail(auth.organisationId, email);
    if (context === 'person') {
      return persons.map((p) => ({
        id: p.id,
        email: p.email,
        first_name: p.first_name,
        last_name: p.last_name,
        org_id: p.org_id,
        product_user_id: p.product_user_id,
        campaign_context: 'person' as const,
      }));
    }
    const person = persons[0];
    const users = await this.activity.productUsersByEmail(auth.organisationId, email);
    return users.map((u) => ({
      id: u.id,
      email: u.email,
      first_name: person?.first_name ?? null,
      last_name: person?.last_name ?? null,
      org_id: u.org_id,
      product_user_id: u.product_user_id,
      campaign_context: 'org' as const,
    }));
  }

  /** Contacts with this email; every contact here comes from the contact database ('csv' or manual). */
  async marketingPersons(auth: RequestContext, input: PageInput & { email: string; source?: string }) {
    const persons =
      input.source && input.source !== 'meridian'
        ? []
        : await this.personRows.findByEmail(auth.organisationId, input.email);
    const start = (input.page_number - 1) * input.page_size;
    const records = persons.slice(start, start + input.page_size).map((p) => ({
      id: p.id,
      email: p.email,
      first_name: p.first_name,
      last_name: p.last_name,
      _created_time: p._created_time.toISOString(),
      source: 'meridian',
    }));
    return paged(input, [records, persons.length]);
  }
}
