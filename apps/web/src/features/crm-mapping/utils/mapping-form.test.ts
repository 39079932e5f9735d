import { unifiedMappingMessages } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { DESTINATIONS, SALESFORCE, SF_ID, unifiedMapping } from '../test-fixtures';
import {
  changeField,
  changePreference,
  changeSource,
  draftErrors,
  fieldOptions,
  searchRows,
  serverErrors,
  toDraft,
  toRequest,
} from './mapping-form';

const draft = () =>
  toDraft(
    unifiedMapping([
      {
        destination: DESTINATIONS[0]!,
        source: [
          {
            connection_id: SF_ID,
            type: 'salesforce',
            field: { contact: 'Email', lead: 'Email' },
            sync_preference: 'always_use_connection',
          },
        ],
      },
      {
        destination: DESTINATIONS[1]!,
        source: [
          {
            connection_id: SF_ID,
            type: 'salesforce',
            field: { contact: 'FirstName', lead: null },
            sync_preference: 'two_way',
          },
        ],
      },
      ...DESTINATIONS.slice(2).map((d) => ({ destination: d, source: [] })),
    ]).mapping,
  );

describe('the mapping form rules (spec 4 and 5)', () => {
  it("clears a row's contact, lead and sync preference when its data source changes", () => {
    const [, firstName] = draft();
    expect(changeSource(firstName!, null)).toMatchObject({
      connectionId: null,
      contact: null,
      lead: null,
      syncPreference: null,
    });
    // Choosing the same source again changes nothing.
    expect(changeSource(firstName!, SF_ID)).toBe(firstName);
  });

  it('keeps the email row as always_use_connection whatever is chosen', () => {
    const [email] = draft();
    const cleared = changeSource(changeSource(email!, null), SF_ID);
    expect(cleared.syncPreference).toBe('always_use_connection');
    expect(changePreference(cleared, 'two_way').syncPreference).toBe('always_use_connection');
  });

  it('sends unset entries as null and no source for rows with neither field', () => {
    const rows = draft();
    rows[2] = changeSource(rows[2]!, SF_ID);
    const request = toRequest(rows);
    expect(request[1]).toEqual({
      destination: { name: 'first_name' },
      source: [
        {
          connection_id: SF_ID,
          type: 'salesforce',
          field: { contact: 'FirstName', lead: null },
          sync_preference: 'two_way',
        },
      ],
    });
    expect(request[2]).toEqual({ destination: { name: 'company_name' }, source: [] });
    expect(changeField(rows[1]!, 'lead', '').lead).toBeNull();
  });

  it('offers only compatible Salesforce fields not taken by another row', () => {
    const rows = draft();
    const company = changeSource(rows[2]!, SF_ID);
    const names = fieldOptions(rows, company, SALESFORCE, 'lead').map((f) => f.name);
    // Email is the email row's; FirstName is free on Lead (first_name maps Contact only); a number is no text.
    expect(names).toEqual(['FirstName', 'Company']);
    expect(fieldOptions(rows, company, SALESFORCE, 'contact').map((f) => f.name)).toEqual(['Title']);
    const seats = changeSource(rows[4]!, SF_ID);
    expect(fieldOptions(rows, seats, SALESFORCE, 'lead').map((f) => f.name)).toEqual(['NumberOfEmployees']);
  });

  it('asks for a sync preference on a mapped row before saving', () => {
    const rows = draft();
    rows[2] = changeField(changeSource(rows[2]!, SF_ID), 'lead', 'Company');
    expect(draftErrors(rows)).toEqual({ company_name: unifiedMappingMessages.syncPreferenceRequired });
  });

  it("puts the server's messages on the rows they name", () => {
    const rows = draft();
    expect(
      serverErrors(rows, {
        'person_mapping.mapping.1.source.0.field.contact': ['Contact has no field FirstName'],
        other: ['ignored'],
      }),
    ).toEqual({ first_name: 'Contact has no field FirstName' });
  });

  it('searches columns by display or name and never shows hidden fields', () => {
    const rows = draft();
    expect(searchRows(rows, 'first').map((r) => r.destination.name)).toEqual(['first_name']);
    expect(searchRows(rows, 'COMPANY').map((r) => r.destination.name)).toEqual(['company_name']);
    rows[4] = { ...rows[4]!, destination: { ...rows[4]!.destination, hidden: true } };
    expect(searchRows(rows, '').map((r) => r.destination.name)).not.toContain('seats');
  });
});
