import { UAParser } from 'ua-parser-js';

/** What the reports call a client that says nothing about itself. */
export const UNKNOWN_CLIENT = 'Unknown';

// Mail clients and image proxies that a browser parser names after their engine or not at all.
const SIGNATURES: readonly (readonly [RegExp, string])[] = [
  [/GoogleImageProxy|ggpht\.com/i, 'Gmail'],
  [/YahooMailProxy/i, 'Yahoo Mail'],
  [/Thunderbird/i, 'Thunderbird'],
  [/Microsoft Outlook|MSOffice|ms-office|Outlook-(?:iOS|Android)/i, 'Outlook'],
  [/Superhuman/i, 'Superhuman'],
];

/** The email client of an open or click, from its user agent (ua-parser-js for the rest). */
export function emailClientOf(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim();
  if (!ua) return UNKNOWN_CLIENT;
  for (const [pattern, name] of SIGNATURES) if (pattern.test(ua)) return name;
  const result = new UAParser(ua).getResult();
  if (result.browser.name && result.browser.name !== 'WebKit') return result.browser.name;
  // Apple Mail loads images with the system WebKit and no browser token.
  if (result.engine.name === 'WebKit' && (result.os.name === 'iOS' || result.os.name === 'Mac OS'))
    return 'Apple Mail';
  return UNKNOWN_CLIENT;
}
