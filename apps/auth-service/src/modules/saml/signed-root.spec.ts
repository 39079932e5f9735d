import { readCanonicalRoot } from './signed-root';

describe(readCanonicalRoot.name, () => {
  it('reads the root element name and its attributes', () => {
    const xml =
      '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" Destination="https://x.test/acs?a=1&amp;b=2" ID="_1"><x/></samlp:Response>';
    expect(readCanonicalRoot(xml)).toEqual({
      localName: 'Response',
      attributes: {
        'xmlns:samlp': 'urn:oasis:names:tc:SAML:2.0:protocol',
        Destination: 'https://x.test/acs?a=1&b=2',
        ID: '_1',
      },
    });
  });

  it('does not mistake an escaped attribute value for another attribute', () => {
    const xml = '<Response Note="x&quot; Destination=&quot;https://evil.test" ID="_1"></Response>';
    expect(readCanonicalRoot(xml)?.attributes).toEqual({
      Note: 'x" Destination="https://evil.test',
      ID: '_1',
    });
  });

  it('reads a value holding a > sign whole', () => {
    expect(readCanonicalRoot('<Response A="1>2" B="3"/>')?.attributes).toEqual({ A: '1>2', B: '3' });
  });

  it('refuses anything that is not canonical XML starting at the root', () => {
    expect(readCanonicalRoot('<?xml version="1.0"?><Response/>')).toBeNull();
    expect(readCanonicalRoot("<Response A='single'/>")).toBeNull();
    expect(readCanonicalRoot('not xml')).toBeNull();
  });
});
