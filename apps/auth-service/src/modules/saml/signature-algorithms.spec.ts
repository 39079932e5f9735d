import { weakAlgorithmIn } from './signature-algorithms';

describe('weakAlgorithmIn', () => {
  it('passes SHA-256 and better', () => {
    const xml =
      '<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>' +
      "<ds:DigestMethod Algorithm='http://www.w3.org/2001/04/xmlenc#sha512'/>";
    expect(weakAlgorithmIn(xml)).toBeNull();
  });

  it.each([
    '<ds:SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>',
    '<ds:DigestMethod Algorithm="http://www.w3.org/2000/09/xmldsig#sha1"/>',
    "<DigestMethod Algorithm = 'http://www.w3.org/2000/09/xmldsig#SHA1'/>",
    '<ds:SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-&#x73;ha1"/>',
    '<ds:SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sh&#97;1"/>',
  ])('refuses %s', (xml) => {
    expect(weakAlgorithmIn(xml)).toMatch(/sha1/i);
  });

  it('refuses a document type declaration, which could hide an algorithm in an entity', () => {
    expect(weakAlgorithmIn('<!DOCTYPE r [<!ENTITY a "sha1">]><r Algorithm="&a;"/>')).toBe(
      'a document type declaration',
    );
  });
});
