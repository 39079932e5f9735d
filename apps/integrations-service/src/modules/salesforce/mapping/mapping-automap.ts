import {
  type CrmSourceField,
  fieldName,
  isCompatibleSalesforceType,
  MAPPING_KEY_FIELD,
  type MappedCrmObject,
  type MappingDestination,
  mappedCrmObjects,
  type SyncPreference,
} from '@meridian/contracts';

export interface AutomappedField {
  contact: string | null;
  lead: string | null;
  sync_preference: SyncPreference;
}

/**
 * Salesforce standard fields whose names do not say which default person field they fill, in
 * order of preference (Phone before MobilePhone). Contacts have no Company: their company is the
 * Account's name, a related record the mapping does not reach, so company_name stays unmapped there.
 */
const STANDARD_ALIASES: Record<string, readonly string[]> = {
  email: ['Email'],
  first_name: ['FirstName'],
  last_name: ['LastName'],
  title: ['Title'],
  company_name: ['Company'],
  phone_number: ['Phone', 'MobilePhone'],
};

/** Case, spaces, underscores and a custom field's __c do not matter when names are compared. */
export const normaliseName = (name: string): string =>
  name
    .replace(/__c$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

function candidates(destination: MappingDestination, fields: readonly CrmSourceField[]): CrmSourceField[] {
  const aliases = destination.custom ? [] : (STANDARD_ALIASES[destination.name] ?? []);
  const byAlias = aliases
    .map((alias) => fields.find((f) => f.name === alias))
    .filter((f): f is CrmSourceField => f !== undefined);
  const wanted = normaliseName(destination.name);
  const display = normaliseName(destination.display);
  const byName = fields.filter(
    (f) =>
      normaliseName(f.name) === wanted ||
      fieldName(f.label) === destination.name ||
      normaliseName(f.label) === display,
  );
  return [...byAlias, ...byName];
}

/**
 * Auto-map: each person field takes the first compatible Salesforce field of Lead and of Contact
 * that matches it by a standard alias, its API name, or its label (snake-cased, or as the display);
 * a Salesforce field fills one person field at most. Everything two_way, email
 * always_use_connection. Person fields with no match are left out.
 */
export function automap(
  destinations: readonly MappingDestination[],
  fields: Record<MappedCrmObject, readonly CrmSourceField[]>,
): Map<string, AutomappedField> {
  const used: Record<MappedCrmObject, Set<string>> = { contact: new Set(), lead: new Set() };
  const result = new Map<string, AutomappedField>();
  // The key and the default fields choose first, so a custom field cannot take Email or Phone.
  const ordered = [...destinations].sort((a, b) => Number(a.custom) - Number(b.custom));
  for (const destination of ordered) {
    if (destination.hidden || (destination.read_only && !destination.updatable)) continue;
    const chosen: Record<MappedCrmObject, string | null> = { contact: null, lead: null };
    for (const object of mappedCrmObjects) {
      const match = candidates(destination, fields[object]).find(
        (f) => !used[object].has(f.name) && isCompatibleSalesforceType(destination, f.type),
      );
      if (match) {
        chosen[object] = match.name;
        used[object].add(match.name);
      }
    }
    if (chosen.contact === null && chosen.lead === null) continue;
    const isKey = destination.name === MAPPING_KEY_FIELD && !destination.custom;
    result.set(destination.name, {
      ...chosen,
      sync_preference: isKey ? 'always_use_connection' : 'two_way',
    });
  }
  return result;
}
