/**
 * The attribute names identity providers use for a person's email and names: Entra ID's claim
 * URIs, the LDAP OIDs (Okta's and others' `urn:oid:` format), and the plain names Okta and
 * Google Workspace admins map by default. First found wins, in this order.
 */
const WS = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';

export const EMAIL_CLAIMS = [
  `${WS}/emailaddress`,
  'urn:oid:0.9.2342.19200300.100.1.3',
  'email',
  'Email',
  'emailAddress',
  'mail',
  'user.email',
  `${WS}/upn`,
  `${WS}/name`,
];
export const GIVEN_NAME_CLAIMS = [
  `${WS}/givenname`,
  'urn:oid:2.5.4.42',
  'firstName',
  'first_name',
  'givenName',
  'given_name',
  'FirstName',
];
export const SURNAME_CLAIMS = [
  `${WS}/surname`,
  'urn:oid:2.5.4.4',
  'lastName',
  'last_name',
  'surname',
  'sn',
  'LastName',
];
export const DISPLAY_NAME_CLAIMS = [
  'http://schemas.microsoft.com/identity/claims/displayname',
  'urn:oid:2.16.840.1.113730.3.1.241',
  'displayName',
  'display_name',
  'name',
];

type Claims = Record<string, unknown>;

/** The first non-empty text value among the claims named, in order (multi-valued claims give their first). */
export function firstClaim(claims: Claims, names: readonly string[]): string {
  for (const name of names) {
    const raw = claims[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

/** The email candidates: the email claims first, then the NameID (often the email too). */
export function emailCandidates(claims: Claims, nameId: string | undefined): string[] {
  const fromClaims = EMAIL_CLAIMS.map((name) => firstClaim(claims, [name])).filter(Boolean);
  return nameId ? [...fromClaims, nameId.trim()] : fromClaims;
}

/** A display name: the display claim, else given and family names, else the email's local part. */
export function nameFrom(claims: Claims, email: string): string {
  const display = firstClaim(claims, DISPLAY_NAME_CLAIMS);
  if (display) return display;
  const joined = `${firstClaim(claims, GIVEN_NAME_CLAIMS)} ${firstClaim(claims, SURNAME_CLAIMS)}`.trim();
  return joined || email.split('@')[0]!;
}
