import {
  asFieldType,
  errorClassOf,
  type FieldMapping,
  pulledPersonValues,
  pushSfValues,
  salesforceWins,
  valuesHash,
} from './salesforce-sync-rules';

const mapping = (
  personField: string,
  field: string,
  preference: FieldMapping['preference'],
): FieldMapping => ({
  personField,
  lead: field,
  contact: field,
  preference,
  destination: {},
});

const MAPPINGS: FieldMapping[] = [
  mapping('email', 'Email', 'always_use_connection'),
  mapping('title', 'Title', 'two_way'),
  mapping('phone_number', 'Phone', 'prefer_connection'),
  mapping('first_name', 'FirstName', 'always_use_connection'),
];

describe('Salesforce sync rules', () => {
  describe('the conflict rule', () => {
    it('lets the later change win, Salesforce on a tie or when the person has no change', () => {
      expect(salesforceWins('2026-01-02T00:00:00Z', '2026-01-01T00:00:00Z')).toBe(true);
      expect(salesforceWins('2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z')).toBe(false);
      expect(salesforceWins('2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBe(true);
      expect(salesforceWins('2026-01-01T00:00:00Z', null)).toBe(true);
    });
  });

  describe('pulled values', () => {
    const record = {
      Id: '00Q1',
      Email: 'ada@example.com',
      Title: 'Countess',
      Phone: '',
      FirstName: ' Ada ',
      SystemModstamp: '2026-01-02T00:00:00.000+0000',
    };

    it('maps mapped fields by preference; email is the key, never a value', () => {
      expect(pulledPersonValues(record, 'lead', MAPPINGS, null)).toEqual({
        title: 'Countess',
        first_name: 'Ada',
      });
    });

    it('leaves a two_way field alone when the person changed later', () => {
      expect(pulledPersonValues(record, 'lead', MAPPINGS, '2026-01-03T00:00:00Z')).toEqual({
        first_name: 'Ada',
      });
    });

    it('takes prefer_connection values only when Salesforce has one', () => {
      expect(pulledPersonValues({ ...record, Phone: '555' }, 'contact', MAPPINGS, null)).toMatchObject({
        phone_number: '555',
      });
    });
  });

  describe('pushed values', () => {
    const person = {
      values: { title: 'Engineer', phone_number: '555', first_name: 'Ada' },
      updatedAt: '2026-01-03T00:00:00Z',
    };
    const record = {
      object: 'lead' as const,
      sfValues: { Title: 'Countess', Phone: null, FirstName: 'Ada' },
      sfModstamp: '2026-01-02T00:00:00Z',
    };

    it('writes two_way changes, fills empty prefer_connection values, never always_use_connection or email', () => {
      expect(pushSfValues(person, record, 'lead', MAPPINGS)).toEqual({ Title: 'Engineer', Phone: '555' });
    });

    it('skips two_way fields Salesforce changed later and prefer_connection fields Salesforce has', () => {
      const later = {
        ...record,
        sfModstamp: '2026-01-04T00:00:00Z',
        sfValues: { ...record.sfValues, Phone: '111' },
      };
      expect(pushSfValues(person, later, 'lead', MAPPINGS)).toEqual({});
    });

    it('skips values Salesforce already holds (no echo)', () => {
      const same = { ...record, sfValues: { Title: 'Engineer', Phone: '555', FirstName: 'Ada' } };
      expect(pushSfValues(person, same, 'lead', MAPPINGS)).toEqual({});
    });

    it('writes every pushable value for a record to create', () => {
      expect(pushSfValues(person, null, 'contact', MAPPINGS)).toEqual({ Title: 'Engineer', Phone: '555' });
    });
  });

  it('reads CSV text back as the person field type', () => {
    expect(asFieldType('true', 'boolean')).toBe(true);
    expect(asFieldType('42', 'integer')).toBe(42);
    expect(asFieldType('4.5', 'float')).toBe(4.5);
    expect(asFieldType('n/a', 'integer')).toBe('n/a');
    expect(asFieldType('42', 'string')).toBe('42');
    expect(asFieldType(null, 'boolean')).toBeNull();
  });

  it('hashes values without regard to key order, blanks as null', () => {
    expect(valuesHash({ A: 1, B: '' })).toBe(valuesHash({ B: null, A: '1' }));
    expect(valuesHash({ A: 1 })).not.toBe(valuesHash({ A: 2 }));
  });

  it('classes errors: field permission codes naming a field, everything else others', () => {
    expect(errorClassOf('INVALID_FIELD_FOR_INSERT_UPDATE', ['Title'])).toBe('field_permission');
    expect(errorClassOf('INSUFFICIENT_ACCESS_OR_READONLY', ['Phone'])).toBe('field_permission');
    expect(errorClassOf('INVALID_FIELD', [])).toBe('others');
    expect(errorClassOf('FIELD_CUSTOM_VALIDATION_EXCEPTION', ['Email'])).toBe('others');
    expect(errorClassOf(null)).toBe('others');
  });
});
