import { samlPaths } from '@meridian/contracts';

export interface ServiceProvider {
  slug: string;
  /** Our entity id: the audience the identity provider must name. */
  entity_id: string;
  /** Where the identity provider posts its response (the organisation's own address). */
  acs_url: string;
  /** Where the browser starts single sign-on. */
  login_url: string;
}

/** The organisation's service-provider addresses, on the public origin (PUBLIC_BASE_URL). */
export function serviceProviderOf(publicBaseUrl: string, slug: string): ServiceProvider {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const paths = samlPaths(slug);
  return {
    slug,
    entity_id: `${base}${paths.entityId}`,
    acs_url: `${base}${paths.acs}`,
    login_url: `${base}${paths.login}`,
  };
}
