import { type CrmSource, type MappingDestination, unifiedMappingMessages as m } from '@meridian/contracts';
import { automap, normaliseName } from './mapping-automap';
import { mappedCount, planMapping } from './mapping-plan';
import { toDestinations } from './person-fields.client';

const destination = (name: string, overrides: Partial<MappingDestination> = {}): MappingDestination => ({
  name,
  display: name,
  type: 'string',
  sub_type: null,
  custom: false,
  hidden: false,
  read_only: false,
  length: 255,
  updatable: true,
  required: false,
  primary_key: name === 'email',
  ...overrides,
});
const sf = (name: string, type = 'string', label = name) => ({ name, label, type, updateable: true });

const destinations = [
  destination('email', { display: 'Email' }),
  destination('first_name', { display: 'First Name' }),
  destination('company_name', { display: 'Company' }),
  destination('phone_number', { display: 'Phone' }),
  destination('org_id', { display: 'Org ID', read_only: true, updatable: false }),
  destination('seats', { display: 'Seats', custom: true, type: 'integer' }),
  destination('renewal_date', { display: 'Renewal Date', custom: true, type: 'datetime' }),
];
const lead = [
  sf('Email', 'email'),
  sf('FirstName'),
  sf('Company'),
  sf('MobilePhone', 'phone'),
  sf('Seats__c', 'int'),
];
const contact = [
  sf('Email', 'email'),
  sf('FirstName'),
  sf('Phone', 'phone'),
  sf('MobilePhone', 'phone'),
  sf('Renewal__c', 'date', 'Renewal Date'),
  sf('Seats__c', 'double'),
];
const source: CrmSource = { connection_id: 'c1', type: 'salesforce', name: 'SF', fields: { lead, contact } };

describe('automap', () => {
  const result = automap(destinations, { lead, contact });

  it('maps standard fields by alias, the key as always_use_connection and the rest two_way', () => {
    expect(result.get('email')).toEqual({
      contact: 'Email',
      lead: 'Email',
      sync_preference: 'always_use_connection',
    });
    expect(result.get('first_name')).toEqual({
      contact: 'FirstName',
      lead: 'FirstName',
      sync_preference: 'two_way',
    });
    expect(result.get('company_name')).toMatchObject({ contact: null, lead: 'Company' });
  });

  it('prefers Phone and falls back to MobilePhone', () => {
    expect(result.get('phone_number')).toMatchObject({ contact: 'Phone', lead: 'MobilePhone' });
  });

  it('maps custom fields by API name or label, only to compatible types', () => {
    expect(result.get('seats')).toMatchObject({ lead: 'Seats__c', contact: null });
    expect(result.get('renewal_date')).toMatchObject({ contact: 'Renewal__c', lead: null });
  });

  it('leaves read-only person fields out', () => {
    expect(result.has('org_id')).toBe(false);
  });

  it('normalises case, separators and the custom suffix', () => {
    expect(normaliseName('Seats_Purchased__c')).toBe(normaliseName('seats purchased'));
  });
});

describe('planMapping', () => {
  it('drops sources with neither field and forces the key to always_use_connection', () => {
    const plan = planMapping(
      [
        {
          destination: { name: 'email' },
          source: [
            {
              connection_id: 'c1',
              type: 'salesforce',
              field: { contact: 'Email', lead: null },
              sync_preference: 'two_way',
            },
          ],
        },
        {
          destination: { name: 'first_name' },
          source: [
            {
              connection_id: 'c1',
              type: 'salesforce',
              field: { contact: null, lead: null },
              sync_preference: null,
            },
          ],
        },
      ],
      destinations,
      [source],
    );
    expect(plan.errors).toEqual({});
    expect(plan.rows).toEqual([
      {
        person_field: 'email',
        destination: destinations[0],
        sources: [
          {
            connection_id: 'c1',
            type: 'salesforce',
            field: { contact: 'Email', lead: null },
            sync_preference: 'always_use_connection',
          },
        ],
      },
    ]);
    expect(mappedCount(plan.rows.map((r) => ({ source: r.sources })))).toBe(1);
  });

  it('reports unknown connections apart, for a 404', () => {
    const plan = planMapping(
      [
        {
          destination: { name: 'first_name' },
          source: [
            {
              connection_id: 'elsewhere',
              type: 'salesforce',
              field: { contact: 'FirstName', lead: null },
              sync_preference: 'two_way',
            },
          ],
        },
      ],
      destinations,
      [source],
    );
    expect(plan.unknownConnections).toEqual(['elsewhere']);
  });

  it('refuses read-only fields, a person field twice and a connection twice in a row', () => {
    const mapped = (connection_id: string) => ({
      connection_id,
      type: 'salesforce' as const,
      field: { contact: 'Email', lead: null },
      sync_preference: 'two_way' as const,
    });
    const plan = planMapping(
      [
        {
          destination: { name: 'org_id' },
          source: [{ ...mapped('c1'), field: { contact: 'FirstName', lead: null } }],
        },
        { destination: { name: 'email' }, source: [mapped('c1'), mapped('c1')] },
        { destination: { name: 'email' }, source: [] },
      ],
      destinations,
      [source],
    );
    expect(plan.errors).toEqual({
      'person_mapping.mapping.0.destination.name': ['Org ID is read-only'],
      'person_mapping.mapping.1.source.1.connection_id': [m.connectionTwice],
      'person_mapping.mapping.2.destination.name': [m.personFieldTwice],
    });
  });
});

describe(toDestinations.name, () => {
  it('puts email first, then default fields in order, then custom ones as the owner lists them', () => {
    const field = (name: string, custom = false) => ({
      name,
      display: name,
      type: 'string' as const,
      length: null,
      read_only: false,
      updatable: true,
      required: false,
      hidden: false,
      custom,
    });
    const ordered = toDestinations([
      field('b', true),
      field('title'),
      field('a', true),
      field('email'),
      field('first_name'),
    ]);
    expect(ordered.map((d) => d.name)).toEqual(['email', 'first_name', 'title', 'b', 'a']);
    expect(ordered[0]).toMatchObject({ primary_key: true, sub_type: 'email' });
  });
});
