// The person-field rules have one home (libs/contracts); the contact form (web), contact
// edits (persons service) and the CSV import's generated SQL must all read it. This
// test sits outside the apps because it reads two of them side by side.
import { DEFAULT_PERSON_FIELDS, type PersonField, personFieldRules } from '@meridian/contracts';
import { contactFormSchema } from '../../apps/web/src/features/contacts/utils/contact-fields';
import { planUpdate } from '../../apps/campaign-service/src/modules/contacts/persons/person-fields';
import { mapColumns } from '../../apps/campaign-service/src/modules/contacts/contact-import/import-columns';
import {
  createStagingSql,
  literal,
  stagingTable,
} from '../../apps/campaign-service/src/modules/contacts/contact-import/import-sql';

const seats: PersonField = {
  name: 'seats',
  display: 'Seats',
  type: 'integer',
  length: null,
  read_only: false,
  updatable: true,
  required: false,
  hidden: false,
  custom: true,
};

/** What each of the three checkers says about a value of `field` (null: accepted). */
function verdicts(field: PersonField, text: string, typed: string | number) {
  const person = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'jamie@example.com',
    org_id: null,
    product_user_id: null,
    unsubscribed: false,
    _created_time: '2026-01-01T00:00:00Z',
    _updated_time: '2026-01-01T00:00:00Z',
    default_fields: [],
    custom_fields: [{ ...field, value: null }],
  };
  const web = contactFormSchema(person).safeParse({
    default_fields: {},
    custom_fields: { [field.name]: text },
  });
  const service = planUpdate(
    [...DEFAULT_PERSON_FIELDS, field],
    { defaults: {}, custom: { [field.name]: 'before' } },
    {
      default_fields: {},
      custom_fields: { [field.name]: typed },
    },
  );
  const sql = createStagingSql(
    stagingTable('00000000-0000-0000-0000-000000000001'),
    mapColumns(['email', field.display], [...DEFAULT_PERSON_FIELDS, field]),
  );
  return {
    web: web.success ? null : (web.error.issues[0]?.message ?? ''),
    service: service.errors[`custom_fields.${field.name}`]?.[0] ?? null,
    sql,
  };
}

describe('person field rules', () => {
  afterEach(() => jest.restoreAllMocks());

  it('give the web form, contact edits and the import the same rule and message', () => {
    const { web, service, sql } = verdicts(seats, '1.5', 1.5);
    expect(web).toBe('Seats must be a whole number');
    expect(service).toBe('Seats must be a whole number');
    expect(sql).toContain(
      `c1 !~ ${literal(personFieldRules.textPatterns.integer)} THEN 'Seats must be a whole number'`,
    );
  });

  it('carry a changed rule and message to all three', () => {
    jest.replaceProperty(personFieldRules.textPatterns, 'integer', '^[0-9]{1,3}$');
    jest
      .spyOn(personFieldRules.messages.type, 'integer')
      .mockImplementation((display) => `${display} takes up to three digits`);
    const { web, service, sql } = verdicts(seats, '1234', 1234);
    expect(web).toBe('Seats takes up to three digits');
    expect(service).toBe('Seats takes up to three digits');
    expect(sql).toContain(`c1 !~ '^[0-9]{1,3}$' THEN 'Seats takes up to three digits'`);
  });

  it("carry a field definition's length and required flag to all three", () => {
    const note: PersonField = {
      ...seats,
      name: 'note',
      display: 'Note',
      type: 'string',
      length: 3,
      required: true,
    };
    const long = verdicts(note, 'abcd', 'abcd');
    expect([long.web, long.service]).toEqual([
      'Note must be at most 3 characters',
      'Note must be at most 3 characters',
    ]);
    expect(long.sql).toContain(`WHEN length(c1) > 3 THEN 'Note must be at most 3 characters'`);
    const blank = verdicts(note, '', '');
    expect([blank.web, blank.service]).toEqual(['Note is required', 'Note is required']);
    expect(blank.sql).toContain(`WHEN c1 IS NULL THEN 'Note is required'`);
  });
});
