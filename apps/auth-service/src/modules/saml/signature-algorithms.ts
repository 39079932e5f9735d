/**
 * Refuses SAML documents signed or digested with SHA-1 (collisions are practical; every current
 * identity provider signs with SHA-256 or better). Reads every `Algorithm` attribute with its
 * character references decoded, as the XML parser would; a document type declaration, which
 * could define entities that hide one, is refused outright (SAML messages never carry one).
 */
export function weakAlgorithmIn(xml: string): string | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return 'a document type declaration';
  const attribute = /\bAlgorithm\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (const match of xml.matchAll(attribute)) {
    const value = decodeReferences(match[1] ?? match[2] ?? '');
    if (/sha-?1(?![0-9])/i.test(value)) return value;
  }
  return null;
}

function decodeReferences(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, dec: string) => String.fromCodePoint(parseInt(dec, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
