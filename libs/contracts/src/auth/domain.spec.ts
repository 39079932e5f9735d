import { isEmailAtDomain, isPublicDomain } from './domain';

describe(isPublicDomain.name, () => {
  it.each([
    'acme.com',
    'mail.acme.co.uk',
    'demo.meridian.dev',
    'ACME.COM',
    'a-b.io',
    'xn--bcher-kva.example.com',
    '8.8.8.8',
    '1.1.1.1',
  ])('accepts the public host %s', (host) => {
    expect(isPublicDomain(host)).toBe(true);
  });

  it.each([
    '',
    'acme',
    'localhost',
    'intranet.local',
    'meridian.internal',
    'foo.test',
    '-acme.com',
    'acme-.com',
    'acme..com',
    'acme.com.',
    'http://acme.com',
    'acme.com/path',
    'ac me.com',
    'acme.c',
    'acme.123',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '127.0.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '010.1.1.1',
    '256.1.1.1',
    '::1',
    'fe80::1',
  ])('refuses %j', (host) => {
    expect(isPublicDomain(host)).toBe(false);
  });

  it('accepts the public neighbours of private ranges', () => {
    expect(isPublicDomain('172.32.0.1')).toBe(true);
    expect(isPublicDomain('100.128.0.1')).toBe(true);
    expect(isPublicDomain('11.0.0.1')).toBe(true);
  });
});

describe(isEmailAtDomain.name, () => {
  it.each([
    ['ada@acme.com', 'acme.com'],
    ['Ada@ACME.com', 'acme.com'],
    ['ada@eu.acme.com', 'acme.com'],
  ])('accepts %s for %s', (email, domain) => {
    expect(isEmailAtDomain(email, domain)).toBe(true);
  });

  it.each([
    ['ada@acme.co', 'acme.com'],
    ['ada@notacme.com', 'acme.com'],
    ['ada@acme.com.evil.io', 'acme.com'],
    ['ada@acme.com', 'eu.acme.com'],
    ['ada@gmail.com', 'victim.com'],
  ])('refuses %s for %s', (email, domain) => {
    expect(isEmailAtDomain(email, domain)).toBe(false);
  });
});
