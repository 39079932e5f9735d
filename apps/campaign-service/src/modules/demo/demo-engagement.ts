/** How the demo's recipients engage, and with which mail clients and browsers. */

/** Open user agents by mail client, weighted by how often each occurs. */
export const demoOpenAgents: [agent: string, weight: number][] = [
  ['Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)', 34],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)', 20],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    18,
  ],
  ['Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17126; Pro)', 12],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
    5,
  ],
  ['Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148', 4],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    4,
  ],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Thunderbird/115.10.1', 2],
  ['YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html', 1],
];
/** Click user agents: the browsers links open in. */
export const demoClickAgents: [agent: string, weight: number][] = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    45,
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    25,
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    20,
  ],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0', 10],
];
/** A link-checking gateway that opens mail before its reader: kept apart as non-human. */
export const DEMO_SCANNER_AGENT = 'Mozilla/5.0 (compatible; Barracuda Sentinel; +https://www.barracuda.com)';

/** Engagement ratios, per message (opens of delivered, clicks of opens...). */
export const demoRates = {
  hardBounce: 0.018,
  softBounce: 0.01,
  open: 0.4,
  click: 0.16,
  /** Of opens: about 0.6% of delivered. */
  unsubscribe: 0.015,
  spam: 0.0008,
  scannerOpen: 0.03,
};
