import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../http/endpoint';
import { personFieldSchema } from './person-fields';

/**
 * The organisation's person field definitions, in screen order (default fields, then custom),
 * with every flag (read_only, hidden, length, ...). Other services read them from here, the
 * owner, rather than keeping a copy (the unified mapping's destinations).
 */
export const personFieldsListContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/person-fields.list',
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ fields: z.array(personFieldSchema) }),
});
