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
import { emailCandidates, nameFrom } from './claims';
import { readCanonicalRoot } from './signed-root';
import { weakAlgorithmIn } from './signature-algorithms';

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
 * The SAML rules, per organisation: only its identity provider's certificates validate (the
 * current one and, during a rollover, the second); the response as a whole or its assertion
 * must be signed (a signed response covers its one assertion: that is what is read), never with
 * SHA-1; audience, destination, recipient, issuer and validity window must all be ours; and the
 * response must answer a request of ours, unless the organisation allows IdP-initiated login.
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
      idpCert: idp.second_certificate ? [idp.certificate, idp.second_certificate] : idp.certificate,
      idpIssuer: idp.entity_id,
      // Either signature will do (Entra ID and Google sign the assertion, Okta may sign only the
      // response); node-saml still demands one of them, and `validate` checks which.
      wantAssertionsSigned: false,
      wantAuthnResponseSigned: false,
      // Unsolicited responses only where the organisation allows them; a request id that is
      // present is always checked against ours.
      validateInResponseTo: idp.allow_idp_initiated
        ? ValidateInResponseTo.ifPresent
        : ValidateInResponseTo.always,
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

  /**
   * A response answers one of our requests or, where the organisation allows it, none. node-saml
   * checked the Response's InResponseTo against our requests whenever it is present
   * (`responseInResponseTo`); which request is answered must also be signed: the Response's
   * attribute when the response is signed, the subject confirmation's when only the assertion is.
   */
  private checkSolicitation(
    idp: SamlConfigEntity,
    signed: NonNullable<VerifiedRootSaml['signedRoot']>,
    responseInResponseTo: string | undefined,
    subjectInResponseTo: string | undefined,
  ): void {
    if (subjectInResponseTo && subjectInResponseTo !== responseInResponseTo) {
      throw new SamlRejection('the assertion answers another request than the response');
    }
    const answered = signed.localName === 'Response' ? signed.attributes.InResponseTo : subjectInResponseTo;
    if (answered) {
      if (answered !== responseInResponseTo) throw new SamlRejection('InResponseTo not checked');
      return;
    }
    if (responseInResponseTo) throw new SamlRejection('the request answered is not signed');
    if (!idp.allow_idp_initiated)
      throw new SamlRejection('unsolicited response (IdP-initiated login is off)');
  }

  /** Checks a posted SAMLResponse; throws `SamlRejection` with the reason when anything is off. */
  async validate(
    organisation: OrganisationEntity,
    idp: SamlConfigEntity,
    samlResponse: string,
  ): Promise<Assertion> {
    const weak = weakAlgorithmIn(Buffer.from(samlResponse, 'base64').toString('utf8'));
    if (weak) throw new SamlRejection(`weak or unexpected algorithm: ${weak}`);
    const saml = this.samlFor(organisation, idp);
    const sp = this.serviceProvider(organisation);
    let profile: Profile | null;
    try {
      ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (error) {
      throw new SamlRejection((error as Error).message);
    }
    if (!profile) throw new SamlRejection('no assertion');
    const signed = saml.signedRoot;
    if (signed?.localName !== 'Response' && signed?.localName !== 'Assertion') {
      throw new SamlRejection('neither the response nor its assertion is signed');
    }
    // The Destination counts only where it is signed; an unsigned one says nothing.
    if (signed.localName === 'Response' && signed.attributes.Destination !== sp.acs_url) {
      throw new SamlRejection('wrong destination');
    }
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
    this.checkSolicitation(idp, signed, profile.inResponseTo as string | undefined, ours.$?.InResponseTo);

    const expiries = [ours.$!.NotOnOrAfter, children(assertion, 'Conditions')[0]?.$?.NotOnOrAfter]
      .filter((value): value is string => Boolean(value))
      .map((value) => Date.parse(value))
      .filter(Number.isFinite);
    const claims = profile as unknown as Record<string, unknown>;
    const email = emailCandidates(claims, profile.nameID)
      .map((candidate) => emailSchema.safeParse(candidate))
      .find((parsed) => parsed.success);
    if (!email?.success) throw new SamlRejection('no email address in the assertion');
    return {
      id,
      email: email.data,
      name: nameFrom(claims, email.data),
      acceptableUntil: new Date(Math.max(...expiries) + skewMs),
    };
  }
}
