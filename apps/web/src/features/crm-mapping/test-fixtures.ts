import type { CrmSource, MappingDestination, PersonMappingRow, UnifiedMapping } from '@meridian/contracts';

/** Mapping answers the CRM data tests stub. */
export const INT = '/api/integrations/v1';
export const SF_ID = 'c0000000-0000-4000-8000-0000000000sf';

export const destination = (
  name: string,
  overrides: Partial<MappingDestination> = {},
): MappingDestination => ({
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
  primary_key: false,
  ...overrides,
});

export const DESTINATIONS = [
  destination('email', { display: 'Email', sub_type: 'email', required: true, primary_key: true }),
  destination('first_name', { display: 'First Name' }),
  destination('company_name', { display: 'Company' }),
  destination('org_id', { display: 'Org ID', read_only: true, updatable: false }),
  destination('seats', { display: 'Seats', type: 'integer', custom: true }),
];

const field = (name: string, type = 'string', label = name) => ({ name, label, type, updateable: true });

export const SALESFORCE: CrmSource = {
  connection_id: SF_ID,
  type: 'salesforce',
  name: 'Acme org',
  fields: {
    contact: [field('Email', 'email'), field('FirstName', 'string', 'First Name'), field('Title')],
    lead: [
      field('Email', 'email'),
      field('FirstName', 'string', 'First Name'),
      field('Company'),
      field('NumberOfEmployees', 'int', 'Employees'),
    ],
  },
};

export function unifiedMapping(
  rows: PersonMappingRow[] = DESTINATIONS.map((d) => ({ destination: d, source: [] })),
  sources: CrmSource[] = [],
): UnifiedMapping {
  return {
    mapping: rows,
    sources,
    has_crm_source: sources.length > 0,
    mapped_count: rows.filter((r) => r.source.length > 0).length,
  };
}
