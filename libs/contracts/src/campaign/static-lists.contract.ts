import { z } from 'zod';
import { dateBoundSchema, dateRangeInOrder, dateRangeIssue } from '../http/time-window';
import { defineEndpoint, emptyRequest } from '../http/endpoint';
import { cappedTotalShape, pageRequestSchema } from '../http/pagination';
import { filepathSchema, processStateSchema } from './contact-import.contract';

export const staticListMessages = {
  nameRequired: 'Name is required',
  uploadFailed: "File couldn't be uploaded for some reason",
  invalidId: 'Invalid static list id',
} as const;

/** Spec 8: '{matched} of {total} matched to your contact database'. */
export const matchedMessage = (matched: number, total: number) =>
  `${matched} of ${total} matched to your contact database`;

export const staticListSchema = z.object({
  static_list_id: z.string(),
  name: z.string(),
  num_records: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type StaticList = z.infer<typeof staticListSchema>;

/** A static list's id; the CSV upload's form field is held to it too. */
export const staticListIdSchema = z.uuid({ error: staticListMessages.invalidId });
const listId = z.object({ static_list_id: staticListIdSchema });
const listName = z
  .string({ error: staticListMessages.nameRequired })
  .trim()
  .min(1, { error: staticListMessages.nameRequired })
  .max(255, { error: 'Name must be at most 255 characters' });
const pageInfo = {
  page_number: z.number().int(),
  page_size: z.number().int(),
  page_count: z.number().int(),
  total_count: z.number().int(),
};
const path = (p: string) => `/assets/static-list${p}`;

export const staticListsListContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/lists.list'),
  access: 'bearer',
  request: pageRequestSchema.extend({ search_keyword: z.string().trim().max(255).optional() }),
  response: z.object({ records: z.array(staticListSchema), ...pageInfo }),
});

/** Every list of the organisation (spec 9: fetched with page size 1000). */
export const staticListsAllContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/lists.all'),
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ records: z.array(staticListSchema) }),
});

export const staticListCreateContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/list.create'),
  access: 'bearer',
  request: z.object({ name: listName }),
  response: z.object({ static_list: staticListSchema }),
});

export const staticListRenameContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/list.rename'),
  access: 'bearer',
  request: listId.extend({ name: listName }),
  response: z.object({ static_list: staticListSchema }),
});

export const staticListDeleteContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/list.delete'),
  access: 'bearer',
  request: listId,
  response: z.object({ success: z.literal(true) }),
});

export const staticListGetContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/list.get'),
  access: 'bearer',
  request: listId,
  response: z.object({ static_list: staticListSchema }),
});

export const staticListMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  title: z.string().nullable(),
  company_name: z.string().nullable(),
  phone_number: z.string().nullable(),
  /** 'Date Added': when the contact joined the list. */
  added_at: z.string(),
});

export const staticListContactsListContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/contacts.list'),
  access: 'bearer',
  request: pageRequestSchema
    .extend({
      ...listId.shape,
      search_keyword: z.string().trim().max(254).optional(),
      start_date: dateBoundSchema.optional(),
      end_date: dateBoundSchema.optional(),
    })
    .refine(dateRangeInOrder, dateRangeIssue),
  response: z.object({ records: z.array(staticListMemberSchema), ...pageInfo, ...cappedTotalShape }),
});

export const staticListContactsRemoveContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/contacts.remove'),
  access: 'bearer',
  request: listId.extend({ emails: z.array(z.string().trim().max(254)).min(1).max(10000) }),
  response: z.object({ deleted_rowcount: z.number().int() }),
});

export const staticListContactsRemoveAllContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/contacts.remove-all'),
  access: 'bearer',
  request: listId,
  response: z.object({ deleted_rowcount: z.number().int() }),
});

/** Multipart: `static_list_id` and `file` (a .csv with an email column), in either order. */
export const staticListFileUploadContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/contacts/file.upload'),
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ filepath: z.string(), message: z.string() }),
});

export const staticListFileStatusContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/contacts/file.status'),
  access: 'bearer',
  request: listId.extend({ filepath: filepathSchema }),
  response: z.object({ status: processStateSchema, error: z.string().nullable(), filepath: z.string() }),
});

export const staticListMatchContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/contacts/list.match'),
  access: 'bearer',
  request: listId.extend({ filepath: filepathSchema }),
  response: z.object({
    matched_contacts: z.number().int(),
    total_count: z.number().int(),
    message: z.string(),
  }),
});

export const staticListFileInsertContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: path('/contacts/file.insert'),
  access: 'bearer',
  /** `filename` as the spec names it: the filepath file.upload returned. */
  request: listId.extend({ filename: filepathSchema }),
  response: z.object({ copied_rowcount: z.number().int() }),
});

export const staticListTemplateDownloadContract = defineEndpoint({
  service: 'campaign',
  method: 'GET',
  path: path('/template.download'),
  access: 'bearer',
  request: emptyRequest,
  response: z.unknown(),
  produces: 'text/csv',
});
