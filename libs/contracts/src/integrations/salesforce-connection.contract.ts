import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import type { ErrorDefinition } from '../http/errors';
import { crmInclusionListSchema } from '../events/crm-events';

/**
 * The Salesforce connection (spec 2 "Salesforce", 3 "Salesforce connection", 5 "Salesforce modal",
 * 7 Salesforce calls): creation, the OAuth login, object and API settings, permissions, the sync
 * switch and the API usage count. One connection per organisation. Tokens never leave the server:
 * `access_token` says only whether a login is stored.
 */

const path = (p: string) => `/salesforce${p}`;

/** Salesforce objects the product knows; accounts and opportunities are flags only. */
export const salesforceObjectSchema = z.enum(['lead', 'contact', 'account', 'opportunity']);
export type SalesforceObject = z.infer<typeof salesforceObjectSchema>;
/** Objects that sync person records both ways. */
export const salesforcePersonObjectSchema = z.enum(['lead', 'contact']);
export type SalesforcePersonObject = z.infer<typeof salesforcePersonObjectSchema>;

/** The Salesforce API name of each object (describe, SOQL). */
export const SALESFORCE_OBJECT_NAMES: Record<SalesforceObject, string> = {
  lead: 'Lead',
  contact: 'Contact',
  account: 'Account',
  opportunity: 'Opportunity',
};

/** Spec 2 permissions modal: what the integration user may do with an object. */
export const salesforcePermissionSchema = z.enum([
  'Read and write',
  'Read only',
  'Write only',
  'No access to',
]);
export type SalesforcePermission = z.infer<typeof salesforcePermissionSchema>;

/** Per object; an object the org does not have (or that was never described) is absent. */
export const salesforcePermissionsSchema = z.object({
  lead: salesforcePermissionSchema.optional(),
  contact: salesforcePermissionSchema.optional(),
  account: salesforcePermissionSchema.optional(),
  opportunity: salesforcePermissionSchema.optional(),
});
export type SalesforcePermissions = z.infer<typeof salesforcePermissionsSchema>;

/** A field's access for the integration user, as the describe shows it. */
export const salesforceFieldAccessSchema = z.enum(['read_write', 'read_only', 'write_only', 'none']);
export type SalesforceFieldAccess = z.infer<typeof salesforceFieldAccessSchema>;

/** One field of an object's describe, as stored in salesforce_object_fields. */
export const salesforceFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  /** Salesforce's type: string, email, boolean, double, date, datetime, picklist, reference, ... */
  type: z.string(),
  createable: z.boolean(),
  updateable: z.boolean(),
  nillable: z.boolean(),
  access: salesforceFieldAccessSchema,
});
export type SalesforceField = z.infer<typeof salesforceFieldSchema>;

/** Spec 3: lead and contact on by default, account and opportunity off. */
export const salesforceObjectSettingsSchema = z.object({
  lead: z.boolean(),
  contact: z.boolean(),
  account: z.boolean(),
  opportunity: z.boolean(),
});
export type SalesforceObjectSettings = z.infer<typeof salesforceObjectSettingsSchema>;

export const salesforceSyncSettingsSchema = z.object({
  max_allocated: z.number().int(),
  frequency: z.number().int(),
  unit: z.enum(['minutes', 'hours', 'days']),
  /** The org's DailyApiRequests.Max, read at login; null before. */
  org_daily_max: z.number().int().nullable(),
});
export type SalesforceSyncSettings = z.infer<typeof salesforceSyncSettingsSchema>;

const perPersonObject = <T extends z.ZodType>(value: T) => z.object({ lead: value, contact: value });

export const salesforceSelectiveEntrySchema = z.object({
  active: z.boolean(),
  /** A boolean (checkbox) field of the object: only records with it checked sync. */
  field: z.string().nullable(),
});
export const salesforceSelectiveSyncSchema = perPersonObject(salesforceSelectiveEntrySchema);
export type SalesforceSelectiveSync = z.infer<typeof salesforceSelectiveSyncSchema>;

export const salesforceObjectFlagsSchema = perPersonObject(z.boolean());
export type SalesforceObjectFlags = z.infer<typeof salesforceObjectFlagsSchema>;

/** Spec 3 "Salesforce connection". */
export const salesforceConnectionSchema = z.object({
  connection_id: z.string(),
  name: z.string(),
  /** 'stored' when a login is held; null when the connection needs a (re)login. */
  access_token: z.literal('stored').nullable(),
  instance_url: z.string().nullable(),
  setup_complete: z.boolean(),
  permissions: salesforcePermissionsSchema,
  object_settings: salesforceObjectSettingsSchema,
  sync_settings: salesforceSyncSettingsSchema,
  inclusion_list: crmInclusionListSchema.nullable(),
  /** Create records in Salesforce for persons the product has and Salesforce does not. */
  salesforce_record_create: z.boolean(),
  /**
   * Delete in Salesforce what is deleted in the product: with it on, deleting a person deletes
   * their linked records of the objects records_delete_settings names; off, the records are only
   * unlinked. (Deleting persons whose Salesforce record was deleted is not offered: 'coming soon'.)
   */
  salesforce_record_delete: z.boolean(),
  /**
   * Which objects a new Salesforce record may be created as (with salesforce_record_create on):
   * a lead, a contact; each needs that object's sync on.
   */
  records_create_settings: salesforceObjectFlagsSchema,
  /** Which objects' records a person's deletion deletes in Salesforce (with salesforce_record_delete on). */
  records_delete_settings: salesforceObjectFlagsSchema,
  selective_sync: salesforceSelectiveSyncSchema,
  is_sync_enabled: z.boolean(),
  is_sync_active: z.boolean(),
  next_run_at: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  error: z.string().nullable(),
  error_time: z.string().nullable(),
  time_created: z.string(),
});
export type SalesforceConnection = z.infer<typeof salesforceConnectionSchema>;

/** Texts of the Salesforce connection calls and of the creation modal (spec 5 "Salesforce modal"). */
export const salesforceMessages = {
  nameRequired: 'Connection name is required',
  nameTooLong: 'Connection name must be at most 255 characters',
  adminAccessRequired: 'Confirm that you have administrator access to Salesforce',
  apiAccessRequired: 'Confirm that your Salesforce edition has API access',
  onlyOne: 'Only one Salesforce connection is allowed',
  notConfigured: 'Salesforce is not available: no Salesforce connected app is configured',
  notFound: 'Salesforce connection not found',
  adminsOnly: 'Only admins can change connections',
  notLoggedIn: 'Salesforce is not connected: log in to Salesforce again',
  codeRequired: 'Authorization code is required',
  stateMismatch: 'This Salesforce login has expired or was not started here: log in again',
  allocationRequired: 'API allocation is required',
  allocationNotNumber: 'API allocation must be a whole number',
  allocationMin: 'API allocation must be at least 1',
  /** `org_daily_max` is the org's DailyApiRequests.Max. */
  allocationMax: (orgDailyMax: number) =>
    `API allocation cannot exceed your Salesforce org's daily API limit of ${orgDailyMax}`,
  listRequired: 'Choose a list',
  listTypeInvalid: 'List type must be static or dynamic',
  // Ours: the inclusion list names a list the caller's organisation does not have.
  listNotFound: 'List not found',
  selectiveFieldRequired: 'Choose a checkbox field for selective sync',
  selectiveFieldInvalid: (objectLabel: string) =>
    `Selective sync needs a checkbox field of Salesforce ${objectLabel}`,
  createNeedsObject: (objectLabel: string) => `Turn on syncing ${objectLabel} before creating them`,
  salesforceRefused: 'Salesforce refused the request',
  /** Spec 4: Start Sync needs at least one person field mapped to the connection. */
  mappingRequired: 'Map at least one person field to Salesforce before starting the sync',
} as const;

/** Error codes of the Salesforce connection calls beyond `commonErrors`. */
export const salesforceConnectionErrorCodes = {
  SalesforceNotConfiguredException: { status: 400, description: salesforceMessages.notConfigured },
  SalesforceConnectionExistsException: { status: 400, description: salesforceMessages.onlyOne },
  /** The code exchange (or another login step) was refused; the description is Salesforce's. */
  SalesforceLoginFailedException: { status: 400, description: salesforceMessages.salesforceRefused },
  SalesforceOAuthStateException: { status: 400, description: salesforceMessages.stateMismatch },
  SalesforceNotLoggedInException: { status: 400, description: salesforceMessages.notLoggedIn },
  SalesforceMappingRequiredException: { status: 400, description: salesforceMessages.mappingRequired },
  /** Salesforce answered an API call with an error; the description is Salesforce's message. */
  SalesforceApiException: { status: 400, description: salesforceMessages.salesforceRefused },
} as const satisfies Record<string, ErrorDefinition>;
export type SalesforceConnectionErrorCode = keyof typeof salesforceConnectionErrorCodes;

/** Another organisation's id, or a malformed one: 404 'Salesforce connection not found'. */
export const salesforceConnectionIdSchema = z
  .string({ error: salesforceMessages.notFound })
  .trim()
  .min(1, { error: salesforceMessages.notFound })
  .max(64, { error: salesforceMessages.notFound });

const byConnection = z.object({ connection_id: salesforceConnectionIdSchema });
const connectionAnswer = z.object({ connection: salesforceConnectionSchema });

/** Spec 5: API allocation is a whole number, at least 1 (the cap is the org's, checked on the server). */
export const salesforceMaxAllocatedSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? salesforceMessages.allocationRequired
          : salesforceMessages.allocationNotNumber,
    })
    .int({ error: salesforceMessages.allocationNotNumber })
    .min(1, { error: salesforceMessages.allocationMin }),
);

/** The same check for the form, with the org's cap when it is known. */
export function checkMaxAllocated(value: unknown, orgDailyMax: number | null): string | null {
  const parsed = salesforceMaxAllocatedSchema.safeParse(value);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? salesforceMessages.allocationNotNumber;
  if (orgDailyMax !== null && parsed.data > orgDailyMax) return salesforceMessages.allocationMax(orgDailyMax);
  return null;
}

export const salesforceConnectionCreateContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/connection.create'),
  access: 'bearer',
  request: z.object({
    name: z
      .string({ error: salesforceMessages.nameRequired })
      .trim()
      .min(1, { error: salesforceMessages.nameRequired })
      .max(255, { error: salesforceMessages.nameTooLong }),
  }),
  response: connectionAnswer,
});

/** The organisation's one connection; `connection_id` optional. None yet: `connection` null. */
export const salesforceConnectionGetContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/connection.get'),
  access: 'bearer',
  request: z.object({ connection_id: salesforceConnectionIdSchema.nullish() }),
  response: z.object({ connection: salesforceConnectionSchema.nullable() }),
});

/** Disconnect: revokes the login at Salesforce (best effort) and removes the connection. */
export const salesforceConnectionDeleteContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/connection.delete'),
  access: 'bearer',
  request: byConnection,
  response: z.object({ connection_id: z.string() }),
});

/** Where the browser goes to log in (the web-server flow's authorize URL, with `state`). */
export const salesforceOAuthUrlContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/oauth.url'),
  access: 'bearer',
  request: byConnection,
  response: z.object({ url: z.string() }),
});

/** The OAuth return: exchanges the code, reads the org's identity, limits and describes. */
export const salesforceOAuthLoginContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/oauth.login'),
  access: 'bearer',
  request: byConnection.extend({
    code: z
      .string({ error: salesforceMessages.codeRequired })
      .min(1, { error: salesforceMessages.codeRequired })
      .max(2048),
    state: z
      .string({ error: salesforceMessages.stateMismatch })
      .min(1, { error: salesforceMessages.stateMismatch })
      .max(256),
  }),
  response: connectionAnswer,
});

/** An object as the object-settings step shows it: the user's access and the fields. */
export const salesforceObjectDescribeSchema = z.object({
  object: salesforceObjectSchema,
  /** False when the org has no such object (or the user cannot see it). */
  available: z.boolean(),
  permission: salesforcePermissionSchema,
  fields: z.array(salesforceFieldSchema),
  time_fetched: z.string().nullable(),
});
export type SalesforceObjectDescribe = z.infer<typeof salesforceObjectDescribeSchema>;

/** Wizard step 2: objects and API allocation. `force` describes again instead of the stored copy. */
export const salesforceObjectsGetContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/sync/objects.get'),
  access: 'bearer',
  request: byConnection.extend({ force: z.boolean().default(false) }),
  response: z.object({
    object_settings: salesforceObjectSettingsSchema,
    sync_settings: salesforceSyncSettingsSchema,
    permissions: salesforcePermissionsSchema,
    objects: z.array(salesforceObjectDescribeSchema),
  }),
});

export const salesforceObjectsUpdateContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/sync/objects.update'),
  access: 'bearer',
  request: byConnection.extend({ object_settings: salesforceObjectSettingsSchema }),
  response: connectionAnswer,
});

/** API allocation: at least 1 and at most the org's `org_daily_max` (400 with the message). */
export const salesforceSyncSettingsUpdateContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/sync/settings.update'),
  access: 'bearer',
  request: byConnection.extend({ max_allocated: salesforceMaxAllocatedSchema }),
  response: connectionAnswer,
});

/** Describes the objects again and answers the per-object permissions. */
export const salesforcePermissionsRecheckContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/permissions.recheck'),
  access: 'bearer',
  request: byConnection,
  response: z.object({ permissions: salesforcePermissionsSchema }),
});

/** Start: enables and activates the sync, first run now. Needs a login and a mapped person field. */
export const salesforceSyncStartContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/sync.start'),
  access: 'bearer',
  request: byConnection,
  response: connectionAnswer,
});

export const salesforceSyncPauseContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/sync.pause'),
  access: 'bearer',
  request: byConnection,
  response: connectionAnswer,
});

export const salesforceSyncResumeContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/sync.resume'),
  access: 'bearer',
  request: byConnection,
  response: connectionAnswer,
});

/** Today's (UTC) API usage of the organisation, what was deferred, and persons waiting to push. */
export const salesforceUsageCountContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/usage.count'),
  access: 'bearer',
  request: byConnection,
  response: z.object({
    count: z.number().int(),
    max_allocated: z.number().int(),
    org_daily_max: z.number().int().nullable(),
    deferred_calls: z.number().int(),
    queued: z.number().int(),
  }),
});

export const salesforceInclusionListInputSchema = z.object({
  list_id: z
    .string({ error: salesforceMessages.listRequired })
    .trim()
    .min(1, { error: salesforceMessages.listRequired })
    .max(64),
  list_type: z.enum(['static', 'dynamic'], { error: salesforceMessages.listTypeInvalid }),
});

/** Only persons in this list are pushed. */
export const salesforceInclusionUpdateContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/settings/inclusion.update'),
  access: 'bearer',
  request: byConnection.extend({
    inclusion_list: salesforceInclusionListInputSchema.nullable(),
  }),
  response: connectionAnswer,
});

/** Everyone is pushed again. */
export const salesforceInclusionRemoveContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/settings/inclusion.remove'),
  access: 'bearer',
  request: byConnection,
  response: connectionAnswer,
});

/**
 * Spec 5: saved only when active has a field or is off; off clears the field. The field must be a
 * boolean field of the object in the stored describe (checked on the server).
 */
export const salesforceSelectiveUpdateContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/settings/selective.update'),
  access: 'bearer',
  request: byConnection.extend({
    selective_sync: perPersonObject(
      z
        .object({ active: z.boolean(), field: z.string().trim().max(255).nullish() })
        .transform((entry, ctx) => {
          if (!entry.active) return { active: false, field: null };
          if (!entry.field) {
            ctx.addIssue({
              code: 'custom',
              message: salesforceMessages.selectiveFieldRequired,
              path: ['field'],
            });
            return z.NEVER;
          }
          return { active: true, field: entry.field };
        }),
    ),
  }),
  response: connectionAnswer,
});

const flagUpdate = byConnection.extend({ value: z.boolean() });

export const salesforceSfRecordsCreateUpdateContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/settings/sf-records-create.update'),
  access: 'bearer',
  request: flagUpdate,
  response: connectionAnswer,
});

export const salesforceSfRecordsDeleteUpdateContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/settings/sf-records-delete.update'),
  access: 'bearer',
  request: flagUpdate,
  response: connectionAnswer,
});

/** Creating persons for new leads / contacts needs that object's sync on (spec 5). */
export const salesforceRecordsCreateUpdateContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/settings/records-create.update'),
  access: 'bearer',
  request: byConnection.extend({ object_create: salesforceObjectFlagsSchema }),
  response: connectionAnswer,
});

export const salesforceRecordsDeleteUpdateContract = defineEndpoint({
  service: 'integrations',
  method: 'POST',
  path: path('/settings/records-delete.update'),
  access: 'bearer',
  request: byConnection.extend({ object_delete: salesforceObjectFlagsSchema }),
  response: connectionAnswer,
});
