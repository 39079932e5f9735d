import {
  judgeClick,
  judgeOpen,
  scannerAgent,
  scannerNetworks,
  type ClickedMessage,
  type Requester,
} from './scanner-detection';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const person: Requester = { userAgent: CHROME, ip: '203.0.113.9', prefetch: false };
const sent = new Date('2026-06-01T10:00:00Z');
const later = (seconds: number) => new Date(sent.getTime() + seconds * 1000);
const message = (over: Partial<ClickedMessage> = {}): ClickedMessage => ({
  sentAt: sent,
  deliveredAt: null,
  links: ['https://a.test/1', 'https://a.test/2', 'https://a.test/3'],
  recentClicks: [],
  ...over,
});

describe('scanner detection', () => {
  it.each([
    'Mozilla/5.0 (compatible; Barracuda Sentinel)',
    'Proofpoint URL Defense/1.0',
    'Mimecast-URL-Protect/2.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) BingPreview/1.0b',
    'Microsoft Office Existence Discovery',
    'Cisco IronPort',
    'python-requests/2.31',
    'curl/8.5.0',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 HeadlessChrome/120.0',
  ])('names %s a scanner', (agent) => {
    expect(scannerAgent(agent)).not.toBeNull();
    expect(judgeOpen({ ...person, userAgent: agent }, null)).toEqual({
      human: false,
      reason: 'scanner_user_agent',
    });
  });

  it.each([
    CHROME,
    'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17328; Pro)',
    '',
  ])('counts an open by %j as human', (agent) => {
    expect(judgeOpen({ ...person, userAgent: agent || null }, null)).toEqual({ human: true, reason: null });
  });

  it('marks a prefetch as not human', () => {
    expect(judgeOpen({ ...person, prefetch: true }, null).reason).toBe('prefetch');
  });

  it('marks clients in configured ranges, IPv4 (also mapped) and IPv6', () => {
    const networks = scannerNetworks('198.51.100.0/24, 2001:db8::/32,192.0.2.7');
    expect(judgeOpen({ ...person, ip: '198.51.100.77' }, networks).reason).toBe('scanner_network');
    expect(judgeOpen({ ...person, ip: '::ffff:198.51.100.1' }, networks).reason).toBe('scanner_network');
    expect(judgeOpen({ ...person, ip: '2001:db8::1' }, networks).reason).toBe('scanner_network');
    expect(judgeOpen({ ...person, ip: '192.0.2.7' }, networks).reason).toBe('scanner_network');
    expect(judgeOpen({ ...person, ip: '192.0.2.8' }, networks).human).toBe(true);
    expect(judgeOpen({ ...person, ip: '198.51.101.1' }, networks).human).toBe(true);
    expect(judgeOpen({ ...person, ip: null }, networks).human).toBe(true);
  });

  it('refuses a malformed range', () => {
    expect(() => scannerNetworks('10.0.0.0/33')).toThrow('10.0.0.0/33');
    expect(() => scannerNetworks('example.com')).toThrow('example.com');
    expect(() => scannerNetworks('10.0.0.0/x')).toThrow();
    expect(scannerNetworks(' ').check('10.0.0.1')).toBe(false);
  });

  it('marks a click within seconds of sending or delivery, not one later', () => {
    const url = 'https://a.test/1';
    expect(judgeClick({ ...person, url, at: later(2) }, message(), null).reason).toBe('instant_click');
    expect(
      judgeClick({ ...person, url, at: later(62) }, message({ deliveredAt: later(60) }), null).reason,
    ).toBe('instant_click');
    expect(judgeClick({ ...person, url, at: later(30) }, message(), null)).toEqual({
      human: true,
      reason: null,
    });
    // Not yet sent (a clock skew) is no reason.
    expect(judgeClick({ ...person, url, at: later(30) }, message({ sentAt: null }), null).human).toBe(true);
  });

  it('marks the click that completes every link of a message within two seconds', () => {
    const recentClicks = [
      { url: 'https://a.test/1', at: later(100) },
      { url: 'https://a.test/2', at: later(100.5) },
    ];
    expect(
      judgeClick({ ...person, url: 'https://a.test/3', at: later(101) }, message({ recentClicks }), null)
        .reason,
    ).toBe('all_links');
    // Spread over minutes, the same clicks are a person reading.
    expect(
      judgeClick({ ...person, url: 'https://a.test/3', at: later(300) }, message({ recentClicks }), null)
        .human,
    ).toBe(true);
    // Two of three links is not all of them.
    expect(
      judgeClick({ ...person, url: 'https://a.test/2', at: later(101) }, message({ recentClicks }), null)
        .human,
    ).toBe(true);
  });

  it('cannot judge a one-link message by the all-links rule', () => {
    const single = message({ links: ['https://a.test/1', 'https://a.test/1'] });
    expect(judgeClick({ ...person, url: 'https://a.test/1', at: later(100) }, single, null).human).toBe(true);
  });

  it('applies the request rules to clicks first', () => {
    const judgement = judgeClick(
      { ...person, userAgent: 'Mimecast', url: 'https://a.test/1', at: later(1) },
      message(),
      null,
    );
    expect(judgement.reason).toBe('scanner_user_agent');
  });
});
