/**
 * Lead and Contact fields as the connection stores a describe (salesforce_object_fields): the
 * fake Salesforce's standard fields plus a custom field on each, and one the integration user
 * cannot see.
 */
interface StoredField {
  name: string;
  label: string;
  type: string;
  createable: boolean;
  updateable: boolean;
  nillable: boolean;
  access: 'read_write' | 'read_only' | 'write_only' | 'none';
}

const field = (name: string, type: string, label: string, extra: Partial<StoredField> = {}): StoredField => ({
  name,
  label,
  type,
  createable: true,
  updateable: true,
  nillable: true,
  access: 'read_write',
  ...extra,
});

const system = [
  field('Id', 'id', 'Record ID', { createable: false, updateable: false, access: 'read_only' }),
  field('SystemModstamp', 'datetime', 'System Modstamp', {
    createable: false,
    updateable: false,
    access: 'read_only',
  }),
];

export const LEAD_FIELDS: StoredField[] = [
  ...system,
  field('FirstName', 'string', 'First Name'),
  field('LastName', 'string', 'Last Name', { nillable: false }),
  field('Company', 'string', 'Company', { nillable: false }),
  field('Email', 'email', 'Email'),
  field('Phone', 'phone', 'Phone'),
  field('Title', 'string', 'Title'),
  field('NumberOfEmployees', 'int', 'Employees'),
  field('HasOptedOutOfEmail', 'boolean', 'Email Opt Out'),
  field('Seats_Purchased__c', 'int', 'Seats Purchased'),
];

export const CONTACT_FIELDS: StoredField[] = [
  ...system,
  field('FirstName', 'string', 'First Name'),
  field('LastName', 'string', 'Last Name', { nillable: false }),
  field('Email', 'email', 'Email'),
  field('Phone', 'phone', 'Phone'),
  field('MobilePhone', 'phone', 'Mobile Phone'),
  field('Title', 'string', 'Title'),
  field('Birthdate', 'date', 'Birthdate'),
  // A number field labelled like the custom person field: a type it cannot hold, so not auto-mapped.
  field('Seats__c', 'double', 'Seats Purchased'),
  field('Secret__c', 'string', 'Secret', { access: 'none' }),
];
