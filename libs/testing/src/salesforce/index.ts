export { FakeSalesforce, type FakeSalesforceOptions } from './fake-salesforce';
export type { FakeSalesforceRecord } from './fake-salesforce-admin';
export type { SalesforceCallKind } from './salesforce-context';
export type { SalesforceValidationRule } from './salesforce-dml';
export type { SalesforceFieldInput, SalesforceFieldType } from './salesforce-schema';
export type { FieldAccess } from './salesforce-store';
export { makeSalesforceId, normalizeSalesforceId } from './salesforce-ids';
