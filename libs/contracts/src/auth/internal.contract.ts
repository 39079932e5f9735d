import { z } from 'zod';
import { defineEndpoint, emptyRequest } from '../http/endpoint';
import { pageRequestSchema } from '../http/pagination';
import { accountPageSchema } from './accounts.contract';
import { authMessages, idSchema } from './fields';
import { impersonationResponseSchema } from './login.contract';
import { organisationSchema } from './session.contract';

/** Internal staff only: every organisation, by name. */
export const internalOrganisationListContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/internal/organisation.list',
  access: 'staff',
  request: emptyRequest,
  response: z.object({ organisations: z.array(organisationSchema) }),
});

/** Internal staff only: one organisation's accounts (the Impersonate page's Person list). */
export const internalAccountListContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/internal/account.list',
  access: 'staff',
  request: pageRequestSchema.extend({ organisation_id: idSchema(authMessages.organisationRequired) }),
  response: accountPageSchema,
});

/**
 * Internal staff only: a new session as the account, recording who impersonates;
 * it expires after the configured impersonation time. The account must belong to
 * the organisation (404 otherwise); staff accounts cannot be impersonated.
 */
export const internalImpersonateContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/internal/account.impersonate',
  access: 'staff',
  request: z.object({
    organisation_id: idSchema(authMessages.organisationRequired),
    account_id: idSchema(authMessages.personRequired),
  }),
  response: impersonationResponseSchema,
});
