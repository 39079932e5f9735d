import { emailClientOf, UNKNOWN_CLIENT } from './email-client';

describe(emailClientOf.name, () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)', 'Gmail'],
    ['YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html', 'Yahoo Mail'],
    ['Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.4266; Pro)', 'Outlook'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      'Apple Mail',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)',
      'Apple Mail',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      'Chrome',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Thunderbird/128.3.0', 'Thunderbird'],
  ])('names %s as %s', (ua, client) => {
    expect(emailClientOf(ua)).toBe(client);
  });

  it('names a missing or empty user agent Unknown', () => {
    expect(emailClientOf(null)).toBe(UNKNOWN_CLIENT);
    expect(emailClientOf('   ')).toBe(UNKNOWN_CLIENT);
    expect(emailClientOf('curl/8.5.0')).toBe(UNKNOWN_CLIENT);
  });
});
