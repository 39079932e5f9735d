import { fieldAccess, neededFields, objectPermission, type SObjectDescribe } from './salesforce-permissions';

const field = (name: string, writable = true) => ({
  name,
  label: name,
  type: 'string',
  createable: writable,
  updateable: writable,
  nillable: true,
});

const sobject = (overrides: Partial<SObjectDescribe> = {}): SObjectDescribe => ({
  queryable: true,
  createable: true,
  updateable: true,
  fields: [field('Id', false), field('Email'), field('Phone'), field('Title')],
  ...overrides,
});

describe('Salesforce permissions', () => {
  it('reads a field as read only when it can be neither created nor updated', () => {
    expect(fieldAccess({ createable: false, updateable: false })).toBe('read_only');
    expect(fieldAccess({ createable: true, updateable: false })).toBe('read_write');
  });

  it('gives read and write when the object and the needed fields allow it', () => {
    expect(objectPermission(sobject(), neededFields('lead', []))).toBe('Read and write');
  });

  it('is read only when a pushed mapped field or Email cannot be written', () => {
    const mapped = [{ object: 'lead' as const, field: 'Phone', pushed: true }];
    const phoneReadOnly = sobject({ fields: [field('Email'), field('Phone', false)] });
    expect(objectPermission(phoneReadOnly, neededFields('lead', mapped))).toBe('Read only');
    // Only pulled (always_use_connection): writing it is never needed.
    const pulled = [{ object: 'lead' as const, field: 'Phone', pushed: false }];
    expect(objectPermission(phoneReadOnly, neededFields('lead', pulled))).toBe('Read and write');
    const emailReadOnly = sobject({ fields: [field('Email', false)] });
    expect(objectPermission(emailReadOnly, neededFields('contact', []))).toBe('Read only');
  });

  it('is write only when the object cannot be queried, and no access when nothing works', () => {
    expect(objectPermission(sobject({ queryable: false }), neededFields('lead', []))).toBe('Write only');
    expect(
      objectPermission(
        sobject({ queryable: false, createable: false, updateable: false }),
        neededFields('lead', []),
      ),
    ).toBe('No access to');
    expect(objectPermission(null, { read: [], write: [] })).toBe('No access to');
  });

  it('treats a mapped field the user cannot see as neither readable nor writable', () => {
    const mapped = [{ object: 'contact' as const, field: 'Secret__c', pushed: true }];
    expect(objectPermission(sobject(), neededFields('contact', mapped))).toBe('No access to');
    // Mappings of the other object do not count.
    expect(objectPermission(sobject(), neededFields('lead', mapped))).toBe('Read and write');
  });
});
