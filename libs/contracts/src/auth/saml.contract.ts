import { z } from 'zod';
import { defineEndpoint, emptyRequest, SERVICE_PREFIX } from '../http/endpoint';
import { authMessages, requiredString, webAddressSchema } from './fields';
import { loginResponseSchema } from './login.contract';

/** Spec section 3, "SAML config". */
export const samlConfigSchema = z.object({
  id: z.string(),
  organisation_id: z.string(),
  created_by_id: z.string().nullable(),
  entity_id: z.string(),
  sso_url: z.string(),
  certificate: z.string(),
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

/** Spec section 5, "SSO": sso_url, entity_id (IDP issuer) and certificate required. */
export const samlConfigRequestSchema = z.object({
  sso_url: webAddressSchema(authMessages.ssoUrlRequired),
  entity_id: requiredString(authMessages.entityIdRequired).max(1000),
  certificate: requiredString(authMessages.certificateRequired).max(20000),
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

/** The `/sso-redirect?code=...` page trades the one-time code for a session. */
export const samlLoginContract = defineEndpoint({
  service: 'auth',
  method: 'POST',
  path: '/saml/sso2.login',
  access: 'public',
  request: z.object({ code: requiredString('Code is required').max(200) }),
  response: loginResponseSchema,
});

const slugSchema = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, { error: 'Not a valid organisation' });

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
});

export function samlPaths(slug: string) {
  const base = `${SERVICE_PREFIX.auth}/saml/${slug}`;
  return { entityId: base, login: `${base}/login`, acs: `${base}/acs` };
}
