import { Inject, Injectable } from '@nestjs/common';
import { emailSchema } from '@meridian/contracts';
import { CONFIG } from '@meridian/server-kit';
import { type CacheProvider, type Profile, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { AuthConfig } from '../../config';
import type { OrganisationEntity } from '../organisations/organisation.entity';
import type { SamlConfigEntity } from './saml-config.entity';
import { SamlLoginRepository } from './saml-login.repository';
import { SamlRejection } from './saml.errors';
import { serviceProviderOf, type ServiceProvider } from './service-provider';
import { readCanonicalRoot } from './signed-root';

/** What a valid response says, once every check passed. */
export interface Assertion {
  id: string;
  email: string;
  name: string;
  /** Until when the assertion could still be accepted: keep it as consumed until then. */
  acceptableUntil: Date;
}

type XmlNode = { $?: Record<string, string>; _?: string } & Record<string, unknown>;

const children = (node: unknown, name: string): XmlNode[] =>
  ((node as Record<string, unknown> | undefined)?.[name] as XmlNode[]) ?? [];

/**
 * node-saml's SAML, keeping the root of the signed response it verified: the
 * Destination is read from there, never from the unverified document.
 */
class VerifiedRootSaml extends SAML {
  signedRoot: ReturnType<typeof readCanonicalRoot> = null;

  protected override async getSignedAssertion(signedXml: string): Promise<string | null> {
    this.signedRoot = readCanonicalRoot(signedXml);
    return super.getSignedAssertion(signedXml);
  }
}

/** AuthnRequest ids in Postgres, per organisation: a response must answer one of its own organisation's requests. */
class RequestIdCache implements CacheProvider {
  constructor(
    private readonly logins: SamlLoginRepository,
    private readonly organisationId: string,
    private readonly ttlMs: number,
  ) {}

  async saveAsync(key: string, value: string) {
    await this.logins.saveRequest(this.organisationId, key, value, new Date(Date.now() + this.ttlMs));
    return { value, createdAt: Date.now() };
  }

  getAsync(key: string) {
    return this.logins.findRequest(this.organisationId, key);
  }

  async removeAsync(key: string | null) {
    if (!key) return null;
    const value = await this.logins.findRequest(this.organisationId, key);
    await this.logins.removeRequest(this.organisationId, key);
    return value;
  }
}

/**
 * The SAML rules, per organisation: only its identity provider's certificate
 * validates, the response and its assertion must both be signed, and audience,
 * destination, recipient, issuer, validity window and InResponseTo must all be ours.
 */
@Injectable()
export class SamlEngine {
  constructor(
    private readonly logins: SamlLoginRepository,
    @Inject(CONFIG) private readonly config: AuthConfig,
  ) {}

  serviceProvider(organisation: Pick<OrganisationEntity, 'slug'>): ServiceProvider {
    return serviceProviderOf(this.config.PUBLIC_BASE_URL, organisation.slug);
  }

  private samlFor(organisation: OrganisationEntity, idp: SamlConfigEntity): VerifiedRootSaml {
    const sp = this.serviceProvider(organisation);
    const requestTtlMs = this.config.SAML_REQUEST_TTL_MINUTES * 60_000;
    return new VerifiedRootSaml({
      entryPoint: idp.sso_url,
      issuer: sp.entity_id,
      callbackUrl: sp.acs_url,
      audience: sp.entity_id,
      idpCert: idp.certificate,
      idpIssuer: idp.entity_id,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: true,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: requestTtlMs,
      cacheProvider: new RequestIdCache(this.logins, organisation.id, requestTtlMs),
      acceptedClockSkewMs: this.config.SAML_CLOCK_SKEW_SECONDS * 1000,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      // Identity providers differ in how they authenticate; do not demand one method.
      disableRequestedAuthnContext: true,
      signatureAlgorithm: 'sha256',
    });
  }

  /** The identity provider address carrying a fresh AuthnRequest (HTTP-Redirect binding). */
  authorizeUrl(organisation: OrganisationEntity, idp: SamlConfigEntity): Promise<string> {
    return this.samlFor(organisation, idp).getAuthorizeUrlAsync('', undefined, {});
  }

  /** Checks a posted SAMLResponse; throws `SamlRejection` with the reason when anything is off. */
  async validate(
    organisation: OrganisationEntity,
    idp: SamlConfigEntity,
    samlResponse: string,
  ): Promise<Assertion> {
    const saml = this.samlFor(organisation, idp);
    const sp = this.serviceProvider(organisation);
    let profile: Profile | null;
    try {
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (error) {
      throw new SamlRejection((error as Error).message);
    }
    if (!profile) throw new SamlRejection('no assertion');
    if (saml.signedRoot?.localName !== 'Response') {
      throw new SamlRejection('the response itself is not signed');
    }
    if (saml.signedRoot.attributes.Destination !== sp.acs_url) throw new SamlRejection('wrong destination');
    if (profile.issuer !== idp.entity_id) throw new SamlRejection('wrong issuer');

    const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
    const id = assertion?.$?.ID;
    if (!assertion || !id) throw new SamlRejection('assertion without id');
    const now = Date.now();
    const skewMs = this.config.SAML_CLOCK_SKEW_SECONDS * 1000;
    const confirmations = children(children(assertion, 'Subject')[0], 'SubjectConfirmation').flatMap((c) =>
      children(c, 'SubjectConfirmationData'),
    );
    const ours = confirmations.find((data) => {
      const { Recipient, NotOnOrAfter, NotBefore } = data.$ ?? {};
      return (
        Recipient === sp.acs_url &&
        NotOnOrAfter !== undefined &&
        Date.parse(NotOnOrAfter) + skewMs > now &&
        (NotBefore === undefined || Date.parse(NotBefore) - skewMs <= now)
      );
    });
    if (!ours) throw new SamlRejection('no subject confirmation for our recipient');

    const expiries = [ours.$!.NotOnOrAfter, children(assertion, 'Conditions')[0]?.$?.NotOnOrAfter]
      .filter((value): value is string => Boolean(value))
      .map((value) => Date.parse(value))
      .filter(Number.isFinite);
    const email = emailSchema.safeParse(profile.email ?? profile.mail ?? profile.nameID);
    if (!email.success) throw new SamlRejection('no email address in the assertion');
    return {
      id,
      email: email.data,
      name: nameOf(profile, email.data),
      acceptableUntil: new Date(Math.max(...expiries) + skewMs),
    };
  }
}

function nameOf(profile: Profile, email: string): string {
  const text = (key: string) => (typeof profile[key] === 'string' ? (profile[key] as string).trim() : '');
  const full =
    text('displayName') || text('name') || text('http://schemas.microsoft.com/identity/claims/displayname');
  if (full) return full;
  const joined =
    `${text('firstName') || text('givenName')} ${text('lastName') || text('sn') || text('surname')}`.trim();
  return joined || email.split('@')[0]!;
}
