import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../http/endpoint';

/** Spec section 8 "CSV" texts, word for word. */
export const csvMessages = {
  uploaded: 'Uploaded succesfully',
  dataErrors: 'Data contains errors',
  dataDuplicates: 'Data contains duplicates',
  dataVerified: 'Data verified successfully',
  uploadFailed: 'Upload failed. Click here to try again',
} as const;

/** The reference of an uploaded file, as file.upload returned it. */
export const filepathSchema = z
  .string({ error: 'File is required' })
  .trim()
  .min(1, { error: 'File is required' })
  .max(200);

/** Spec 4 "Process states". */
export const processStateSchema = z.enum(['processing', 'completed', 'error']);
/** Where an import stands, in more detail than the process state. */
export const importStageSchema = z.enum(['uploaded', 'matched', 'importing', 'imported', 'failed']);

export const importResultSchema = z.object({
  new_records: z.number().int(),
  records_updated: z.number().int(),
});

/** A CSV body (a blob for the browser); not parsed as JSON. */
const csvBody = z.unknown();

export const contactTemplateDownloadContract = defineEndpoint({
  service: 'campaign',
  method: 'GET',
  path: '/assets/contacts/template.download',
  access: 'bearer',
  request: emptyRequest,
  response: csvBody,
  produces: 'text/csv',
});

/** Multipart with one part `file` (a .csv with an email column). */
export const contactFileUploadContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/assets/contacts/file.upload',
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ filepath: z.string(), message: z.string() }),
});

export const contactFileStatusContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/assets/contacts/file.status',
  access: 'bearer',
  request: z.object({ filepath: filepathSchema }),
  response: z.object({
    status: processStateSchema,
    error: z.string().nullable(),
    filepath: z.string(),
    stage: importStageSchema,
    progress: z.object({ processed_rows: z.number().int(), total_rows: z.number().int() }),
    result: importResultSchema.nullable(),
  }),
});

export const importPreviewSchema = z.object({
  total_contacts: z.number().int(),
  new_contacts: z.number().int(),
  error_contacts: z.number().int(),
  duplicate_contacts: z.number().int(),
  total_entries_to_be_created: z.number().int(),
  total_entries_to_be_updated: z.number().int(),
  status: z.enum(['ERROR', 'DUPLICATE', 'SUCCESS']),
  message: z.string(),
  /** GET paths of the reports (with the filepath query), null when there is nothing to report. */
  error_report: z.string().nullable(),
  duplicate_report: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const contactFileMatchContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/assets/contacts/file.match',
  access: 'bearer',
  request: z.object({ filepath: filepathSchema }),
  response: importPreviewSchema,
});

export const contactErrorReportContract = defineEndpoint({
  service: 'campaign',
  method: 'GET',
  path: '/assets/contacts/report.errors',
  access: 'bearer',
  request: z.object({ filepath: filepathSchema }),
  response: csvBody,
  produces: 'text/csv',
});

export const contactDuplicateReportContract = defineEndpoint({
  service: 'campaign',
  method: 'GET',
  path: '/assets/contacts/report.duplicates',
  access: 'bearer',
  request: z.object({ filepath: filepathSchema }),
  response: csvBody,
  produces: 'text/csv',
});

export const contactFileCancelContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/assets/contacts/file.cancel',
  access: 'bearer',
  request: z.object({ filepath: filepathSchema }),
  response: z.object({ success: z.literal(true) }),
});

const flag = z.boolean().default(false);
export const contactsImportContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/assets/contacts/contacts.import',
  access: 'bearer',
  request: z.object({
    filepath: filepathSchema,
    enable_update: flag,
    overwrite_values: flag,
    ignore_blank: flag,
  }),
  response: z.object({ filepath: z.string(), status: processStateSchema }),
});
