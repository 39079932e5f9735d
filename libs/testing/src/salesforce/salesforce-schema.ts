// The objects the fake org knows (Lead, Contact, Account, Opportunity) with the standard fields a
// sync reads and writes; tests add custom fields (e.g. an external id) with `addField`.

export type SalesforceFieldType =
  | 'id'
  | 'string'
  | 'email'
  | 'phone'
  | 'url'
  | 'textarea'
  | 'picklist'
  | 'boolean'
  | 'int'
  | 'double'
  | 'currency'
  | 'percent'
  | 'date'
  | 'datetime'
  | 'reference';

export interface SalesforceFieldDefinition {
  name: string;
  label: string;
  type: SalesforceFieldType;
  length: number;
  createable: boolean;
  updateable: boolean;
  nillable: boolean;
  custom: boolean;
  externalId: boolean;
  unique: boolean;
  idLookup: boolean;
  defaultedOnCreate: boolean;
  /** Set on create when the record leaves the field out. */
  defaultValue?: unknown;
  referenceTo: string[];
  picklistValues: string[];
}

export type SalesforceFieldInput = Pick<SalesforceFieldDefinition, 'name' | 'type'> &
  Partial<Omit<SalesforceFieldDefinition, 'name' | 'type'>>;

export interface SalesforceObjectDefinition {
  name: string;
  label: string;
  labelPlural: string;
  keyPrefix: string;
  fields: SalesforceFieldDefinition[];
}

const LENGTHS: Partial<Record<SalesforceFieldType, number>> = {
  id: 18,
  reference: 18,
  string: 255,
  email: 80,
  phone: 40,
  url: 255,
  textarea: 32000,
  picklist: 255,
};

export function defineField(input: SalesforceFieldInput): SalesforceFieldDefinition {
  const label = input.label ?? input.name.replace(/__c$/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
  return {
    label,
    length: LENGTHS[input.type] ?? 0,
    createable: true,
    updateable: true,
    nillable: input.type !== 'boolean',
    custom: input.name.endsWith('__c'),
    externalId: false,
    unique: false,
    idLookup: input.type === 'id' || Boolean(input.externalId),
    defaultedOnCreate: input.type === 'boolean' || input.defaultValue !== undefined,
    referenceTo: [],
    picklistValues: [],
    ...(input.type === 'boolean' ? { defaultValue: false } : {}),
    ...input,
  };
}

const system = (name: string, type: SalesforceFieldType, extra: Partial<SalesforceFieldInput> = {}) =>
  defineField({
    name,
    type,
    createable: false,
    updateable: false,
    nillable: false,
    defaultedOnCreate: true,
    ...extra,
  });

/** Fields every object has; the fake maintains them itself. */
function systemFields(): SalesforceFieldDefinition[] {
  return [
    system('Id', 'id', { label: 'Record ID', idLookup: true }),
    system('IsDeleted', 'boolean', { label: 'Deleted' }),
    system('CreatedDate', 'datetime', { label: 'Created Date' }),
    system('CreatedById', 'reference', { label: 'Created By ID', referenceTo: ['User'] }),
    system('LastModifiedDate', 'datetime', { label: 'Last Modified Date' }),
    system('LastModifiedById', 'reference', { label: 'Last Modified By ID', referenceTo: ['User'] }),
    system('SystemModstamp', 'datetime', { label: 'System Modstamp' }),
    defineField({
      name: 'OwnerId',
      type: 'reference',
      label: 'Owner ID',
      referenceTo: ['User'],
      nillable: false,
      defaultedOnCreate: true,
    }),
  ];
}

const text = (name: string, length: number, extra: Partial<SalesforceFieldInput> = {}) =>
  defineField({ name, type: 'string', length, ...extra });
const required = { nillable: false };

function leadFields(): SalesforceFieldDefinition[] {
  return [
    text('FirstName', 40, { label: 'First Name' }),
    text('LastName', 80, { label: 'Last Name', ...required }),
    text('Company', 255, required),
    defineField({ name: 'Email', type: 'email', idLookup: true }),
    defineField({ name: 'Phone', type: 'phone' }),
    text('Title', 128),
    defineField({
      name: 'Status',
      type: 'picklist',
      label: 'Lead Status',
      nillable: false,
      defaultValue: 'Open - Not Contacted',
      picklistValues: [
        'Open - Not Contacted',
        'Working - Contacted',
        'Closed - Converted',
        'Closed - Not Converted',
      ],
    }),
    defineField({
      name: 'LeadSource',
      type: 'picklist',
      label: 'Lead Source',
      picklistValues: ['Web', 'Other'],
    }),
    defineField({ name: 'Industry', type: 'picklist', picklistValues: ['Technology', 'Finance', 'Retail'] }),
    text('City', 40),
    text('Country', 80),
    defineField({ name: 'Website', type: 'url' }),
    defineField({ name: 'NumberOfEmployees', type: 'int', label: 'Employees' }),
    defineField({ name: 'AnnualRevenue', type: 'currency', label: 'Annual Revenue' }),
    defineField({ name: 'HasOptedOutOfEmail', type: 'boolean', label: 'Email Opt Out' }),
    defineField({ name: 'IsConverted', type: 'boolean', label: 'Converted', updateable: false }),
  ];
}

function contactFields(): SalesforceFieldDefinition[] {
  return [
    text('FirstName', 40, { label: 'First Name' }),
    text('LastName', 80, { label: 'Last Name', ...required }),
    defineField({ name: 'Email', type: 'email', idLookup: true }),
    defineField({ name: 'Phone', type: 'phone' }),
    text('Title', 128),
    text('Department', 80),
    defineField({ name: 'AccountId', type: 'reference', label: 'Account ID', referenceTo: ['Account'] }),
    text('MailingCity', 40, { label: 'Mailing City' }),
    text('MailingCountry', 80, { label: 'Mailing Country' }),
    defineField({
      name: 'LeadSource',
      type: 'picklist',
      label: 'Lead Source',
      picklistValues: ['Web', 'Other'],
    }),
    defineField({ name: 'Birthdate', type: 'date' }),
    defineField({ name: 'HasOptedOutOfEmail', type: 'boolean', label: 'Email Opt Out' }),
  ];
}

function accountFields(): SalesforceFieldDefinition[] {
  return [
    text('Name', 255, { label: 'Account Name', ...required }),
    defineField({ name: 'Website', type: 'url' }),
    defineField({ name: 'Phone', type: 'phone' }),
    defineField({ name: 'Industry', type: 'picklist', picklistValues: ['Technology', 'Finance', 'Retail'] }),
    defineField({
      name: 'Type',
      type: 'picklist',
      label: 'Account Type',
      picklistValues: ['Prospect', 'Customer'],
    }),
    defineField({ name: 'NumberOfEmployees', type: 'int', label: 'Employees' }),
    defineField({ name: 'AnnualRevenue', type: 'currency', label: 'Annual Revenue' }),
    text('BillingCity', 40, { label: 'Billing City' }),
    text('BillingCountry', 80, { label: 'Billing Country' }),
  ];
}

function opportunityFields(): SalesforceFieldDefinition[] {
  return [
    text('Name', 120, { label: 'Opportunity Name', ...required }),
    defineField({
      name: 'StageName',
      type: 'picklist',
      label: 'Stage',
      nillable: false,
      picklistValues: ['Prospecting', 'Qualification', 'Closed Won', 'Closed Lost'],
    }),
    defineField({ name: 'CloseDate', type: 'date', label: 'Close Date', nillable: false }),
    defineField({ name: 'Amount', type: 'currency' }),
    defineField({ name: 'Probability', type: 'percent', label: 'Probability (%)' }),
    defineField({ name: 'AccountId', type: 'reference', label: 'Account ID', referenceTo: ['Account'] }),
    defineField({
      name: 'LeadSource',
      type: 'picklist',
      label: 'Lead Source',
      picklistValues: ['Web', 'Other'],
    }),
  ];
}

export function standardObjects(): SalesforceObjectDefinition[] {
  return [
    {
      name: 'Lead',
      label: 'Lead',
      labelPlural: 'Leads',
      keyPrefix: '00Q',
      fields: [...systemFields(), ...leadFields()],
    },
    {
      name: 'Contact',
      label: 'Contact',
      labelPlural: 'Contacts',
      keyPrefix: '003',
      fields: [...systemFields(), ...contactFields()],
    },
    {
      name: 'Account',
      label: 'Account',
      labelPlural: 'Accounts',
      keyPrefix: '001',
      fields: [...systemFields(), ...accountFields()],
    },
    {
      name: 'Opportunity',
      label: 'Opportunity',
      labelPlural: 'Opportunities',
      keyPrefix: '006',
      fields: [...systemFields(), ...opportunityFields()],
    },
  ];
}

/** Required on create: not nillable, createable and without a default. */
export const isRequiredOnCreate = (field: SalesforceFieldDefinition) =>
  !field.nillable && field.createable && !field.defaultedOnCreate;
