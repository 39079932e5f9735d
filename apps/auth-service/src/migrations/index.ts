import { AuthSchema1767225600000 } from './1767225600000-auth-schema';
import { Events1767312000000 } from './1767312000000-events';
import { OrganisationDomainVerified1770100000000 } from './1770100000000-organisation-domain-verified';
import { SamlIdpOptions1770100001000 } from './1770100001000-saml-idp-options';

// Every migration of this service, oldest first. Add new ones at the end; never edit a landed one.
export const migrations = [
  AuthSchema1767225600000,
  Events1767312000000,
  OrganisationDomainVerified1770100000000,
  SamlIdpOptions1770100001000,
];
