import type { SalesforceField, SalesforceFieldAccess, SalesforcePermission } from '@meridian/contracts';
import type { MappedSalesforceField } from './person-mapping-sources.repository';

/** The parts of a Salesforce sObject describe the permissions are read from. */
export interface SObjectDescribe {
  queryable: boolean;
  createable: boolean;
  updateable: boolean;
  fields: ReadonlyArray<{
    name: string;
    label: string;
    type: string;
    createable: boolean;
    updateable: boolean;
    nillable: boolean;
  }>;
}

/**
 * A field the describe lists is readable (Salesforce leaves out fields the integration user
 * cannot read); it is writable when it may be set on create or on update.
 */
export function fieldAccess(field: { createable: boolean; updateable: boolean }): SalesforceFieldAccess {
  return field.createable || field.updateable ? 'read_write' : 'read_only';
}

export function storedFields(describe: SObjectDescribe): SalesforceField[] {
  return describe.fields.map((f) => ({
    name: f.name,
    label: f.label,
    type: f.type,
    createable: f.createable,
    updateable: f.updateable,
    nillable: f.nillable,
    access: fieldAccess(f),
  }));
}

export function permissionOf(read: boolean, write: boolean): SalesforcePermission {
  if (read && write) return 'Read and write';
  if (read) return 'Read only';
  if (write) return 'Write only';
  return 'No access to';
}

/**
 * What the integration user may do with an object, for the sync's purposes: reading needs the
 * object queryable and every field the sync reads visible; writing needs the object createable or
 * updateable and every field the sync writes writable. For leads and contacts the sync reads and
 * writes Email (the key) and the fields the unified mapping uses, so a read-only mapped field (or
 * Email) makes the object 'Read only'. Accounts and opportunities are judged by the object alone.
 */
export function objectPermission(
  describe: SObjectDescribe | null,
  needed: { read: readonly string[]; write: readonly string[] },
): SalesforcePermission {
  if (!describe) return 'No access to';
  const byName = new Map(describe.fields.map((f) => [f.name.toLowerCase(), f]));
  const visible = (name: string) => byName.has(name.toLowerCase());
  const writable = (name: string) => {
    const field = byName.get(name.toLowerCase());
    return Boolean(field && (field.createable || field.updateable));
  };
  const read = describe.queryable && needed.read.every(visible);
  const write = (describe.createable || describe.updateable) && needed.write.every(writable);
  return permissionOf(read, write);
}

/** The fields the sync needs of a person object: Email, and what the mapping reads and writes. */
export function neededFields(
  object: 'lead' | 'contact',
  mapped: readonly MappedSalesforceField[],
): { read: string[]; write: string[] } {
  const own = mapped.filter((m) => m.object === object);
  return {
    read: ['Email', ...own.map((m) => m.field)],
    write: ['Email', ...own.filter((m) => m.pushed).map((m) => m.field)],
  };
}
