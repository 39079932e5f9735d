import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../http/endpoint';
import { personFieldTypeSchema, type PersonFieldType } from '../campaign/person-fields';

/**
 * The unified person mapping (spec 2 "Unified mapping (person fields)", 3 "Person mapping row",
 * 4 and 5 mapping rules, 7 unified-mapping calls) and the Salesforce setup's last step,
 * connection.complete. Destinations are the campaign service's person fields; sources are the
 * CRM connections' fields (the Salesforce describe the integrations service keeps).
 *
 * Reads are for every member; changes are admin-only (403 with connectionMessages.adminsOnly). Another
 * organisation's connection id is a 404.
 */

/** Texts of the mapping calls: the spec's where it has them, ours where it names a rule only. */
export const unifiedMappingMessages = {
  // Spec 2 and 8, word for word (web texts).
  searchPlaceholder: 'Search columns',
  noSourceBanner: 'Note: Add sources in the overview screen to start syncing data into CRM Objects',
  addFieldTitle: 'Add Field for Person',
  autoMapTitle: 'Auto-Map Fields',
  autoMapNote: 'Note: Auto mapping fields would overwrite your current mapping',
  updated: 'Updated mapping successfully',
  setupCompleted: 'Setup completed successfully',
  // Ours: the spec names these rules without a text.
  connectionNotFound: 'Salesforce connection not found',
  unknownPersonField: 'Unknown person field',
  personFieldTwice: 'A person field can be mapped only once',
  connectionTwice: 'A connection can be a source of a person field only once',
  syncPreferenceRequired: 'Select a sync preference',
  unknownSalesforceField: (object: string, field: string) => `${object} has no field ${field}`,
  incompatibleType: (object: string, field: string, sfType: string, display: string, type: string) =>
    `${object} field ${field} (${sfType}) cannot be mapped to ${display} (${type})`,
  salesforceFieldTwice: (object: string, field: string, display: string) =>
    `${object} field ${field} is already mapped to ${display}`,
  fieldNameRequired: 'Field Name is required',
  fieldNameInvalid: 'Field Name must contain a letter or a digit',
  fieldNameTooLong: 'Field Name must be at most 60 characters',
  fieldTypeRequired: 'Field type is required',
  fieldExists: 'A person field with this name already exists',
  nothingMapped: 'Map at least one person field to Salesforce before starting the sync',
} as const;

/** Spec 3 "Mapping directions". 'email' (the key) is always always_use_connection. */
export const syncPreferenceSchema = z.enum(['two_way', 'always_use_connection', 'prefer_connection']);
export type SyncPreference = z.infer<typeof syncPreferenceSchema>;
/** Labels the mapping screen shows for each preference (ours). */
export const syncPreferenceLabels: Record<SyncPreference, string> = {
  two_way: 'Two way',
  always_use_connection: 'Always use Salesforce',
  prefer_connection: 'Prefer Salesforce',
};

/** CRM source types; only Salesforce is built (HubSpot exists in the spec's tile list only). */
export const crmSourceTypeSchema = z.enum(['salesforce']);
export type CrmSourceType = z.infer<typeof crmSourceTypeSchema>;

/** The Salesforce objects a person field maps to. */
export const mappedCrmObjects = ['contact', 'lead'] as const;
export type MappedCrmObject = (typeof mappedCrmObjects)[number];
export const crmObjectLabels: Record<MappedCrmObject, string> = { contact: 'Contact', lead: 'Lead' };

/** The key person field: first row, pulled, never pushed as a change. */
export const MAPPING_KEY_FIELD = 'email';

/** Spec 3 "Person mapping row" destination: a person field as the campaign service defines it. */
export const mappingDestinationSchema = z.object({
  name: z.string(),
  display: z.string(),
  type: personFieldTypeSchema,
  /** A finer kind of a string field: 'email', 'phone', or null. */
  sub_type: z.string().nullable(),
  custom: z.boolean(),
  hidden: z.boolean(),
  read_only: z.boolean(),
  length: z.number().int().nullable(),
  updatable: z.boolean(),
  required: z.boolean(),
  primary_key: z.boolean(),
});
export type MappingDestination = z.infer<typeof mappingDestinationSchema>;

export const mappingSourceSchema = z.object({
  connection_id: z.string(),
  type: crmSourceTypeSchema,
  /** Salesforce field API names (FirstName); null: not mapped on that object. */
  field: z.object({ contact: z.string().nullable(), lead: z.string().nullable() }),
  sync_preference: syncPreferenceSchema,
});
export type MappingSource = z.infer<typeof mappingSourceSchema>;

export const personMappingRowSchema = z.object({
  destination: mappingDestinationSchema,
  source: z.array(mappingSourceSchema),
});
export type PersonMappingRow = z.infer<typeof personMappingRowSchema>;

/** A Salesforce field a source offers (from the connection's last describe). */
export const crmSourceFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  /** Salesforce's field type: string, email, phone, picklist, boolean, int, double, date, ... */
  type: z.string(),
  updateable: z.boolean(),
});
export type CrmSourceField = z.infer<typeof crmSourceFieldSchema>;

export const crmSourceSchema = z.object({
  connection_id: z.string(),
  type: crmSourceTypeSchema,
  name: z.string(),
  fields: z.object({ contact: z.array(crmSourceFieldSchema), lead: z.array(crmSourceFieldSchema) }),
});
export type CrmSource = z.infer<typeof crmSourceSchema>;

/** mapping.get, and the answer of every call that changes the mapping. */
export const unifiedMappingSchema = z.object({
  /** Email first, then the default fields in their order, then the custom fields. */
  mapping: z.array(personMappingRowSchema),
  sources: z.array(crmSourceSchema),
  has_crm_source: z.boolean(),
  /** Person fields (email included) with at least one mapped CRM field ('Start Sync' needs one). */
  mapped_count: z.number().int(),
});
export type UnifiedMapping = z.infer<typeof unifiedMappingSchema>;

/**
 * Which Salesforce field types a person field type takes, both ways: a pulled value must fit the
 * person field and a pushed one the Salesforce field. Text takes text-like Salesforce fields only
 * (a number or date field would refuse pushed text); an integer takes Salesforce int only (a
 * double may carry decimals); a float takes every numeric kind; a datetime takes date and datetime.
 * The email person field takes a Salesforce email field only.
 */
export const COMPATIBLE_SALESFORCE_TYPES: Record<PersonFieldType, readonly string[]> = {
  string: [
    'string',
    'textarea',
    'email',
    'phone',
    'url',
    'picklist',
    'multipicklist',
    'combobox',
    'id',
    'reference',
  ],
  integer: ['int'],
  float: ['double', 'currency', 'percent', 'int'],
  boolean: ['boolean'],
  datetime: ['datetime', 'date'],
};

export function isCompatibleSalesforceType(
  destination: Pick<MappingDestination, 'name' | 'type' | 'custom'>,
  salesforceType: string,
): boolean {
  if (destination.name === MAPPING_KEY_FIELD && !destination.custom) return salesforceType === 'email';
  return COMPATIBLE_SALESFORCE_TYPES[destination.type].includes(salesforceType);
}

// ---------------------------------------------------------------------------------------------
// Calls

const path = (p: string) => `/unified-mapping${p}`;
const connectionId = z
  .string({ error: unifiedMappingMessages.connectionNotFound })
  .trim()
  .min(1, { error: unifiedMappingMessages.connectionNotFound })
  .max(64, { error: unifiedMappingMessages.connectionNotFound });
/** An unset entry (placeholder '' or missing) is null (spec 5 "Mapping save"). */
const optionalSalesforceField = z
  .string()
  .trim()
  .max(255)
  .nullish()
  .transform((v) => (v ? v : null));

export const unifiedMappingGetContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/mapping.get'),
  access: 'bearer',
  request: emptyRequest,
  response: unifiedMappingSchema,
});

export const personMappingGetDestinationContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/person-mapping.get-destination'),
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ destinations: z.array(mappingDestinationSchema) }),
});

/** A row as the screen saves it: the destination by name; sources as edited. */
export const mappingRowInputSchema = z.object({
  destination: z.object({ name: z.string().trim().min(1).max(255) }).passthrough(),
  source: z
    .array(
      z.object({
        connection_id: connectionId,
        type: crmSourceTypeSchema.default('salesforce'),
        field: z
          .object({ contact: optionalSalesforceField, lead: optionalSalesforceField })
          .default({ contact: null, lead: null }),
        sync_preference: syncPreferenceSchema.nullish().transform((v) => v ?? null),
      }),
    )
    .max(10)
    .default([]),
});
export type MappingRowInput = z.input<typeof mappingRowInputSchema>;

/**
 * Saves the whole mapping (admin-only). Sources with neither a contact nor a lead field are
 * dropped; a kept source needs a sync preference. Rows left out keep nothing mapped. Refusals are
 * the section 8 body with `fields` keyed by request path
 * ('person_mapping.mapping.3.source.0.field.contact').
 */
export const crmMappingUpdateContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/crm-mapping.update'),
  access: 'bearer',
  request: z.object({
    person_mapping: z.object({ mapping: z.array(mappingRowInputSchema).max(2000) }),
  }),
  response: unifiedMappingSchema,
});

/**
 * Auto-map (admin-only): `auto_map` true matches the connection's Lead and Contact fields to
 * person fields by normalised name or label, two_way (email always_use_connection), overwriting
 * that connection's sources; false resets them to the key alone (Email -> email).
 */
export const crmMappingSetDefaultContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/crm-mapping.set-default'),
  access: 'bearer',
  request: z.object({
    connection_type: crmSourceTypeSchema,
    connection_id: connectionId,
    auto_map: z.boolean().default(true),
  }),
  response: unifiedMappingSchema,
});

/** 'Add Field for Person' (admin-only): name is the snake case of the entered text, display the text. */
export const personFieldCreateContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/person-field.create'),
  access: 'bearer',
  request: z.object({
    name: z
      .string({ error: unifiedMappingMessages.fieldNameRequired })
      .trim()
      .min(1, { error: unifiedMappingMessages.fieldNameRequired })
      .max(60, { error: unifiedMappingMessages.fieldNameTooLong }),
    type: personFieldTypeSchema.default('string'),
  }),
  response: z.object({
    field: z.object({ name: z.string(), display: z.string(), type: personFieldTypeSchema }),
  }),
});

/**
 * The setup wizard's end (admin-only): marks setup complete; `automap` runs set-default with
 * auto_map; `start_sync` enables the sync and schedules a run now (refused while no person field
 * is mapped: unifiedMappingMessages.nothingMapped).
 */
export const salesforceConnectionCompleteContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: '/salesforce/connection.complete',
  access: 'bearer',
  request: z.object({
    connection_id: connectionId,
    automap: z.boolean().default(false),
    start_sync: z.boolean().default(false),
  }),
  response: z.object({
    connection_id: z.string(),
    setup_complete: z.boolean(),
    is_sync_enabled: z.boolean(),
    is_sync_active: z.boolean(),
    next_run_at: z.string().nullable(),
    mapped_count: z.number().int(),
  }),
});
