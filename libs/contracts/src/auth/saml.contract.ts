import { z } from 'zod';
import { defineEndpoint, emptyRequest, SERVICE_PREFIX } from '../http/endpoint';
import { authMessages, requiredString, webAddressSchema } from './fields';
import { loginResponseSchema } from './login.contract';

const slugSchema = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, { error: 'Not a valid organisation' });

/** Spec section 3, "SAML config". */
export const samlConfigSchema = z.object({
  id: z.string(),
  organisation_id: z.string(),
  created_by_id: z.string().nullable(),
  entity_id: z.string(),
  sso_url: z.string(),
  certificate: z.string(),
  /** During a certificate rollover, the identity provider's other certificate; either validates. */
  second_certificate: z.string().nullable(),
  /** Whether responses without a request of ours (IdP-initiated, e.g. Okta tiles) are accepted. */
  allow_idp_initiated: z.boolean(),
  /** The identity provider metadata address the settings were imported from, if any. */
  metadata_url: z.string().nullable(),
  idp: z.string(),
  time_created: z.string(),
  time_updated: z.string(),
});
export type SamlConfig = z.infer<typeof samlConfigSchema>;

/** What an admin gives the identity provider: our entity id (audience) and where it posts. */
export const serviceProviderSchema = z.object({
  slug: z.string(),
  entity_id: z.string(),
  acs_url: z.string(),
  login_url: z.string(),
});

const samlConfigAnswer = z.object({ saml_config: samlConfigSchema, service_provider: serviceProviderSchema });

/** The 403 description for a non-admin changing single sign-on (decisions, "Admin-only actions"). */
export const ADMINS_ONLY_SSO = 'Only admins can change single sign-on settings';

/** Spec section 5, "SSO": sso_url, entity_id (IDP issuer) and certificate required. */
export const samlConfigRequestSchema = z.object({
  sso_url: webAddressSchema(authMessages.ssoUrlRequired),
  entity_id: requiredString(authMessages.entityIdRequired).max(1000),
  certificate: requiredString(authMessages.certificateRequired).max(20000),
  /** Optional; empty means none. */
  second_certificate: z
    .string()
    .max(20000)
    .nullish()
    .transform((value) => (value?.trim() ? value : null)),
  /** Off unless turned on: IdP-initiated responses have no request of ours to answer. */
  allow_idp_initiated: z.boolean().default(false),
  metadata_url: z
    .string()
    .max(2000)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null)),
});
export type SamlConfigRequest = z.input<typeof samlConfigRequestSchema>;

/** The caller's organisation's configuration, null until one is created. */
export const samlConfigGetContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/saml/config.get',
  access: 'bearer',
  request: emptyRequest,
  response: z.object({ saml_config: samlConfigSchema.nullable(), service_provider: serviceProviderSchema }),
});

/** Admins only. 409 `SamlConfigExistsException` when one exists; an unreadable certificate is `InvalidCertificateException`. */
export const samlConfigCreateContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/saml/config.create',
  access: 'bearer',
  request: samlConfigRequestSchema,
  response: samlConfigAnswer,
});

/** Admins only. 404 when the organisation has no configuration yet. */
export const samlConfigUpdateContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/saml/config.update',
  access: 'bearer',
  request: samlConfigRequestSchema,
  response: samlConfigAnswer,
});

export const SAML_METADATA_MESSAGES = {
  sourceRequired: 'Enter the metadata URL or paste the metadata XML',
  unreadable: 'This is not identity provider metadata we can read',
  unreachable: 'The metadata URL could not be read',
} as const;

/**
 * Admins only. Reads identity provider metadata, fetched from `metadata_url` (public addresses
 * only) or pasted as `metadata_xml`, and answers the settings it names, for the form to fill in;
 * nothing is saved. Two signing certificates (a rollover) fill both certificate fields.
 */
export const samlMetadataImportContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/saml/metadata.import',
  access: 'bearer',
  request: z
    .object({
      metadata_url: z.string().max(2000).optional(),
      metadata_xml: z.string().max(500_000).optional(),
    })
    .superRefine((input, context) => {
      const url = input.metadata_url?.trim();
      if (!url && !input.metadata_xml?.trim()) {
        context.addIssue({
          code: 'custom',
          path: ['metadata_url'],
          message: SAML_METADATA_MESSAGES.sourceRequired,
        });
        return;
      }
      if (url && !webAddressSchema(authMessages.ssoUrlRequired).safeParse(url).success) {
        context.addIssue({ code: 'custom', path: ['metadata_url'], message: authMessages.urlInvalid });
      }
    }),
  response: z.object({
    entity_id: z.string(),
    sso_url: z.string(),
    certificate: z.string(),
    second_certificate: z.string().nullable(),
  }),
});

/**
 * Our service provider metadata (XML) for an organisation, served at its entity id, for
 * identity providers that import it (Entra ID, Okta, Google Workspace).
 */
export const samlSpMetadataContract = defineEndpoint({
  service: 'auth',
  method: 'GET',
  path: '/saml/:slug',
  access: 'public',
  request: z.object({ slug: slugSchema }),
  response: z.string(),
  produces: 'application/samlmetadata+xml',
});

/** The `/sso-redirect?code=...` page trades the one-time code for a session. */
export const samlLoginContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/saml/sso2.login',
  access: 'public',
  request: z.object({ code: requiredString('Code is required').max(200) }),
  response: loginResponseSchema,
});

/** Answered with a redirect to `url`: the endpoints below are browser navigations, not fetches. */
export const redirectSchema = z.object({ url: z.string() });

/**
 * Starts SP-initiated single sign-on for an organisation: a 302 to its identity
 * provider carrying a fresh AuthnRequest. `lookup` hands out this address.
 */
export const samlStartContract = defineEndpoint({
  service: 'auth',
  method: 'GET',
  path: '/saml/:slug/login',
  access: 'public',
  request: z.object({ slug: slugSchema }),
  response: redirectSchema,
  redirects: 302,
});

/**
 * The assertion consumer service the identity provider posts its response to
 * (HTTP-POST binding, form encoded). Answers a 303 to
 * `{PUBLIC_BASE_URL}/sso-redirect?code=...`, or `/sso-redirect?error=SamlLoginFailedException`.
 */
export const samlAcsContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/saml/:slug/acs',
  access: 'public',
  request: z.object({
    slug: slugSchema,
    SAMLResponse: z.string().min(1).max(500_000),
    RelayState: z.string().max(2000).optional(),
  }),
  response: redirectSchema,
  redirects: 303,
});

export function samlPaths(slug: string) {
  const base = `${SERVICE_PREFIX.auth}/saml/${slug}`;
  return { entityId: base, login: `${base}/login`, acs: `${base}/acs` };
}
