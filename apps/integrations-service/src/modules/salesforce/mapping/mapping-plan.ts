import {
  type CrmSource,
  crmObjectLabels,
  isCompatibleSalesforceType,
  isFieldEditable,
  MAPPING_KEY_FIELD,
  type MappingDestination,
  type MappingSource,
  mappedCrmObjects,
  personFieldRules,
  type SyncPreference,
  unifiedMappingMessages as m,
} from '@meridian/contracts';

/** A row as the update call parsed it (unset fields already null). */
export interface MappingRowRequest {
  destination: { name: string };
  source: {
    connection_id: string;
    type: 'salesforce';
    field: { contact: string | null; lead: string | null };
    sync_preference: SyncPreference | null;
  }[];
}

/** What person_mappings keeps for one person field. */
export interface StoredMappingRow {
  person_field: string;
  destination: MappingDestination;
  sources: MappingSource[];
}

export interface MappingPlan {
  rows: StoredMappingRow[];
  /** Request path -> messages (section 8 `fields`). */
  errors: Record<string, string[]>;
  /** Connection ids the organisation does not have: a 404, never a validation message. */
  unknownConnections: string[];
}

const rowPath = (i: number) => `person_mapping.mapping.${i}`;

/**
 * Checks a saved mapping against the person fields and the organisation's CRM sources (spec 5
 * "Mapping save"): sources with neither field are dropped; a kept one needs a sync preference;
 * each Salesforce field must exist, be of a compatible type, and fill one person field per
 * object; the key (email) is always always_use_connection. Only rows with a source are kept.
 */
export function planMapping(
  requested: readonly MappingRowRequest[],
  destinations: readonly MappingDestination[],
  sources: readonly CrmSource[],
): MappingPlan {
  const errors: Record<string, string[]> = {};
  const fail = (path: string, message: string) => (errors[path] ??= []).push(message);
  const byName = new Map(destinations.map((d) => [d.name, d]));
  const sourceById = new Map(sources.map((s) => [s.connection_id, s]));
  const unknownConnections = new Set<string>();
  // connection|object|salesforce field -> the person field's display that took it
  const taken = new Map<string, string>();
  const seenFields = new Set<string>();
  const rows: StoredMappingRow[] = [];

  requested.forEach((row, i) => {
    const destination = byName.get(row.destination.name);
    if (!destination) return fail(`${rowPath(i)}.destination.name`, m.unknownPersonField);
    if (seenFields.has(destination.name)) return fail(`${rowPath(i)}.destination.name`, m.personFieldTwice);
    seenFields.add(destination.name);
    const isKey = destination.name === MAPPING_KEY_FIELD && !destination.custom;
    const kept: MappingSource[] = [];
    const seenConnections = new Set<string>();
    row.source.forEach((source, j) => {
      const path = `${rowPath(i)}.source.${j}`;
      if (source.field.contact === null && source.field.lead === null) return;
      const crm = sourceById.get(source.connection_id);
      if (!crm) return void unknownConnections.add(source.connection_id);
      if (seenConnections.has(crm.connection_id)) return fail(`${path}.connection_id`, m.connectionTwice);
      seenConnections.add(crm.connection_id);
      if (!isFieldEditable(destination)) {
        return fail(
          `${rowPath(i)}.destination.name`,
          personFieldRules.messages.readOnly(destination.display),
        );
      }
      const preference: SyncPreference | null = isKey ? 'always_use_connection' : source.sync_preference;
      if (preference === null) fail(`${path}.sync_preference`, m.syncPreferenceRequired);
      let valid = preference !== null;
      for (const object of mappedCrmObjects) {
        const name = source.field[object];
        if (name === null) continue;
        const label = crmObjectLabels[object];
        const field = crm.fields[object].find((f) => f.name === name);
        const fieldPath = `${path}.field.${object}`;
        if (!field) {
          fail(fieldPath, m.unknownSalesforceField(label, name));
          valid = false;
        } else if (!isCompatibleSalesforceType(destination, field.type)) {
          fail(
            fieldPath,
            m.incompatibleType(label, field.name, field.type, destination.display, destination.type),
          );
          valid = false;
        } else {
          const key = `${crm.connection_id}|${object}|${name}`;
          const holder = taken.get(key);
          if (holder !== undefined) {
            fail(fieldPath, m.salesforceFieldTwice(label, name, holder));
            valid = false;
          } else taken.set(key, destination.display);
        }
      }
      if (valid && preference !== null) {
        kept.push({
          connection_id: crm.connection_id,
          type: crm.type,
          field: { contact: source.field.contact, lead: source.field.lead },
          sync_preference: preference,
        });
      }
    });
    if (kept.length > 0) rows.push({ person_field: destination.name, destination, sources: kept });
  });
  return { rows, errors, unknownConnections: [...unknownConnections] };
}

/** Rows with at least one mapped CRM field ('Start Sync' needs one). */
export const mappedCount = (rows: readonly { source: readonly MappingSource[] }[]): number =>
  rows.filter((r) => r.source.some((s) => s.field.contact !== null || s.field.lead !== null)).length;
