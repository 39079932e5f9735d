import { parseDomFromString, xpath } from '@node-saml/node-saml/lib/xml';
import { normaliseCertificate } from './certificate';
import type { ServiceProvider } from './service-provider';

export interface IdpMetadata {
  entity_id: string;
  sso_url: string;
  /** Signing certificates as PEM, at most two (the current one and its rollover successor). */
  certificates: string[];
}

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const el = (name: string) => `*[local-name()='${name}']`;

/** The DOM calls used here (the service compiles without the DOM library). */
interface XmlElement {
  getAttribute(name: string): string | null;
  textContent: string | null;
}
const elements = (node: unknown, path: string) =>
  xpath.selectElements(node as Parameters<typeof xpath.selectElements>[0], path) as unknown as XmlElement[];

/**
 * Reads identity provider metadata (an EntityDescriptor, or the first one of an
 * EntitiesDescriptor with an IdP role): its entity id, where it takes AuthnRequests (the
 * HTTP-Redirect binding we send, else HTTP-POST), and its signing certificates. Null when the
 * document is not readable metadata.
 */
export async function readIdpMetadata(xml: string): Promise<IdpMetadata | null> {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  let doc: unknown;
  try {
    doc = await parseDomFromString(xml);
  } catch {
    return null;
  }
  const [entity] = elements(doc, `//${el('EntityDescriptor')}[${el('IDPSSODescriptor')}]`);
  const [role] = entity ? elements(entity, `./${el('IDPSSODescriptor')}`) : [];
  if (!entity || !role) return null;
  const services = elements(role, `./${el('SingleSignOnService')}`);
  const service =
    services.find((s) => s.getAttribute('Binding') === REDIRECT) ??
    services.find((s) => s.getAttribute('Binding') === POST);
  const certificates = elements(role, `./${el('KeyDescriptor')}`)
    .filter((key) => (key.getAttribute('use') || 'signing') === 'signing')
    .flatMap((key) => elements(key, `.//${el('X509Certificate')}`))
    .map((node) => normaliseCertificate(node.textContent ?? ''))
    .filter((pem): pem is string => pem !== null);
  const unique = [...new Set(certificates)].slice(0, 2);
  const entityId = entity.getAttribute('entityID')?.trim();
  const ssoUrl = service?.getAttribute('Location')?.trim();
  if (!entityId || !ssoUrl || unique.length === 0) return null;
  return { entity_id: entityId, sso_url: ssoUrl, certificates: unique };
}

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** Our service provider metadata for an organisation: entity id, ACS (HTTP-POST), email NameID. */
export function serviceProviderMetadata(sp: ServiceProvider): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escapeXml(sp.entity_id)}">` +
    `<md:SPSSODescriptor AuthnRequestsSigned="false" WantAssertionsSigned="true" ` +
    `protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
    `<md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>` +
    `<md:AssertionConsumerService Binding="${POST}" Location="${escapeXml(sp.acs_url)}" index="0" isDefault="true"/>` +
    `</md:SPSSODescriptor></md:EntityDescriptor>\n`
  );
}
