import { classifyAddress, isPublicAddress } from './address-policy';
import { OutboundAllowList, outboundAllowedHostsSchema } from './allow-list';

/** The host a URL would connect to, as WHATWG URL parsing normalises it (what the client uses). */
const hostOf = (url: string) => new URL(url).hostname;

describe('address policy', () => {
  // Classified only: none of these is ever connected to.
  const refusedAddresses: Array<[string, string]> = [
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.0.0.2', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.0.1', 'private'],
    ['192.168.255.255', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['169.254.169.254', 'link-local'], // cloud metadata
    ['169.254.0.1', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.170', 'reserved'], // NAT64 discovery
    ['192.0.2.1', 'reserved'], // TEST-NET-1
    ['198.51.100.7', 'reserved'], // TEST-NET-2
    ['203.0.113.9', 'reserved'], // TEST-NET-3
    ['198.18.0.1', 'reserved'], // benchmarking
    ['198.19.255.254', 'reserved'],
    ['192.88.99.1', 'reserved'], // 6to4 relay
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fec0::1', 'private'], // site-local (deprecated)
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:0:7f00:1', 'reserved'], // IPv4-translated (RFC 6145)
    ['::127.0.0.1', 'loopback'], // IPv4-compatible spelling, read as the IPv4 host
    ['::7f00:1', 'reserved'],
    ['64:ff9b::7f00:1', 'loopback'], // NAT64 of 127.0.0.1
    ['64:ff9b::a00:1', 'private'], // NAT64 of 10.0.0.1
    ['64:ff9b::a9fe:a9fe', 'link-local'], // NAT64 of 169.254.169.254
    ['64:ff9b:1::c0a8:1', 'private'], // local-use NAT64 of 192.168.0.1
    ['2002:7f00:1::1', 'loopback'], // 6to4 of 127.0.0.1
    ['2002:c0a8:101::1', 'private'], // 6to4 of 192.168.1.1
    ['2002:a9fe:a9fe::', 'link-local'], // 6to4 of the metadata address
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'tunnel'], // Teredo
    ['2001:db8::1', 'reserved'], // documentation
    ['2001:2::1', 'reserved'], // benchmarking
    ['100::1', 'reserved'], // discard-only
    ['4000::1', 'reserved'], // outside global unicast
  ];

  it.each(refusedAddresses)('refuses %s as %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
    expect(isPublicAddress(address)).toBe(false);
  });

  // Weird spellings of internal hosts: the URL parser turns them into the address the socket would use.
  const refusedUrls: Array<[string, string]> = [
    ['http://2130706433/', 'loopback'], // decimal
    ['http://0177.0.0.1/', 'loopback'], // octal
    ['http://0x7f000001/', 'loopback'], // hex
    ['http://0x7f.0.0.1/', 'loopback'], // hex octet
    ['http://127.1/', 'loopback'], // short form
    ['http://127.0.0.1./', 'loopback'], // trailing dot
    ['http://0/', 'unspecified'],
    ['http://0.0.0.0:8080/', 'unspecified'],
    ['http://[::]/', 'unspecified'],
    ['http://[::1]:3000/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[::ffff:7f00:1]/', 'loopback'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', 'loopback'],
    ['http://[::ffff:a9fe:a9fe]/latest/meta-data', 'link-local'],
    ['http://[fc00::1]/', 'private'],
    ['http://[64:ff9b::7f00:1]/', 'loopback'],
    ['http://①②⑦.0.0.1/', 'loopback'], // full-width / enclosed digits
    ['http://127。0。0。1/', 'loopback'], // ideographic full stops
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://0xa9fea9fe/', 'link-local'],
    ['http://012.0.0.1/', 'private'], // octal 10.0.0.1
    ['http://3232235521/', 'private'], // 192.168.0.1
    ['http://user:pass@10.1.2.3/', 'private'],
  ];

  it.each(refusedUrls)('refuses the URL %s (%s)', (url, kind) => {
    const host = hostOf(url);
    expect(classifyAddress(host)).toBe(kind);
  });

  it('counts at least 40 refused targets', () => {
    expect(refusedAddresses.length + refusedUrls.length).toBeGreaterThanOrEqual(40);
  });

  it('treats non-canonical spellings that reach it unparsed as invalid, never public', () => {
    for (const raw of ['0177.0.0.1', '2130706433', '0x7f000001', '127.1', 'localhost', '']) {
      expect(classifyAddress(raw)).toBe('invalid');
    }
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82a::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('permits the public address %s', (address) => {
    expect(classifyAddress(address)).toBe('public');
  });
});

describe(OutboundAllowList.name, () => {
  const allow = new OutboundAllowList(['crm.internal', '10.0.0.0/8', '127.0.0.2', '::1', 'FD00::/8']);

  it('permits host names exactly, case-insensitively', () => {
    expect(allow.permitsHost('CRM.internal')).toBe(true);
    expect(allow.permitsHost('crm.internal.')).toBe(true);
    expect(allow.permitsHost('evil-crm.internal')).toBe(false);
    expect(allow.permitsHost('sub.crm.internal')).toBe(false);
  });

  it('permits addresses and ranges, IPv4-mapped IPv6 compared as IPv4', () => {
    expect(allow.permitsAddress('10.20.30.40')).toBe(true);
    expect(allow.permitsAddress('::ffff:10.1.1.1')).toBe(true);
    expect(allow.permitsAddress('127.0.0.2')).toBe(true);
    expect(allow.permitsAddress('::ffff:127.0.0.2')).toBe(true);
    expect(allow.permitsAddress('::1')).toBe(true);
    expect(allow.permitsAddress('fd12::1')).toBe(true);
    expect(allow.permitsAddress('127.0.0.1')).toBe(false);
    expect(allow.permitsAddress('192.168.1.1')).toBe(false);
    expect(allow.permitsAddress('fe80::1')).toBe(false);
  });

  it('parses OUTBOUND_ALLOWED_HOSTS and reports bad entries', () => {
    expect(outboundAllowedHostsSchema.parse(' crm.internal, 10.0.0.0/8 ,,127.0.0.2 ')).toEqual([
      'crm.internal',
      '10.0.0.0/8',
      '127.0.0.2',
    ]);
    expect(outboundAllowedHostsSchema.parse(undefined)).toEqual([]);
    const bad = outboundAllowedHostsSchema.safeParse('10.0.0.0/33,http://x');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues).toHaveLength(2);
  });
});
