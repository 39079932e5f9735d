import {
  type CrmSource,
  type CrmSourceField,
  isCompatibleSalesforceType,
  isFieldEditable,
  MAPPING_KEY_FIELD,
  type MappedCrmObject,
  type MappingDestination,
  type MappingRowInput,
  type PersonMappingRow,
  type SyncPreference,
  unifiedMappingMessages,
} from '@meridian/contracts';

/**
 * The /crm-data form: one draft row per person field with at most one data source (the
 * organisation has one CRM connection). Pure, so the screen's rules are tested on their own.
 */
export interface DraftRow {
  destination: MappingDestination;
  /** The chosen data source (a connection id), or null: not synced from a CRM. */
  connectionId: string | null;
  contact: string | null;
  lead: string | null;
  syncPreference: SyncPreference | null;
}

export const isKeyRow = (row: Pick<DraftRow, 'destination'>) =>
  row.destination.name === MAPPING_KEY_FIELD && !row.destination.custom;

/** Rows the user may map: not hidden, and writable (product_user_id and org_id come from product data). */
export const isMappable = (destination: MappingDestination) =>
  !destination.hidden && isFieldEditable(destination);

export function toDraft(mapping: readonly PersonMappingRow[]): DraftRow[] {
  return mapping.map((row) => {
    const source = row.source[0];
    return {
      destination: row.destination,
      connectionId: source?.connection_id ?? null,
      contact: source?.field.contact ?? null,
      lead: source?.field.lead ?? null,
      syncPreference: source?.sync_preference ?? null,
    };
  });
}

/** Spec 4: changing a row's data source clears its contact, lead and sync preference. */
export function changeSource(row: DraftRow, connectionId: string | null): DraftRow {
  if (row.connectionId === connectionId) return row;
  return {
    ...row,
    connectionId,
    contact: null,
    lead: null,
    syncPreference: connectionId !== null && isKeyRow(row) ? 'always_use_connection' : null,
  };
}

export function changeField(row: DraftRow, object: MappedCrmObject, field: string | null): DraftRow {
  return { ...row, [object]: field || null };
}

export function changePreference(row: DraftRow, preference: SyncPreference | null): DraftRow {
  return isKeyRow(row) ? row : { ...row, syncPreference: preference };
}

/**
 * Salesforce fields a row may take on an object: compatible with the person field's type and
 * not already taken by another row (one Salesforce field fills one person field per object).
 */
export function fieldOptions(
  rows: readonly DraftRow[],
  row: DraftRow,
  source: CrmSource | undefined,
  object: MappedCrmObject,
): CrmSourceField[] {
  if (!source) return [];
  const taken = new Set(
    rows
      .filter((r) => r.destination.name !== row.destination.name && r.connectionId === source.connection_id)
      .map((r) => r[object])
      .filter((f): f is string => f !== null),
  );
  return source.fields[object].filter(
    (f) =>
      isCompatibleSalesforceType(row.destination, f.type) && (!taken.has(f.name) || row[object] === f.name),
  );
}

/** Messages per person field name, before anything is sent. */
export function draftErrors(rows: readonly DraftRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const row of rows) {
    const mapped = row.contact !== null || row.lead !== null;
    if (row.connectionId !== null && mapped && row.syncPreference === null) {
      errors[row.destination.name] = unifiedMappingMessages.syncPreferenceRequired;
    }
  }
  return errors;
}

/** The update call's rows (spec 5: unset entries are null, sources with neither are dropped by the server too). */
export function toRequest(rows: readonly DraftRow[]): MappingRowInput[] {
  return rows.map((row) => ({
    destination: { name: row.destination.name },
    source:
      row.connectionId !== null && (row.contact !== null || row.lead !== null)
        ? [
            {
              connection_id: row.connectionId,
              type: 'salesforce',
              field: { contact: row.contact, lead: row.lead },
              sync_preference: row.syncPreference,
            },
          ]
        : [],
  }));
}

/**
 * The server's messages ('person_mapping.mapping.3.source.0.field.contact') per person field
 * name, for the rows of the request that `rows` produced.
 */
export function serverErrors(
  rows: readonly DraftRow[],
  fields: Record<string, string[]>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fields)) {
    const index = /^person_mapping\.mapping\.(\d+)\./.exec(path)?.[1];
    const row = index === undefined ? undefined : rows[Number(index)];
    if (row && messages[0] && !errors[row.destination.name]) errors[row.destination.name] = messages[0];
  }
  return errors;
}

/** 'Search columns': the person field's display or name, case-insensitive; hidden fields never show. */
export function searchRows(rows: readonly DraftRow[], search: string): DraftRow[] {
  const needle = search.trim().toLowerCase();
  const visible = rows.filter((row) => !row.destination.hidden);
  if (!needle) return visible;
  return visible.filter(
    (row) =>
      row.destination.display.toLowerCase().includes(needle) ||
      row.destination.name.toLowerCase().includes(needle),
  );
}
