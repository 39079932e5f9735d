import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';

/**
 * The public tracking links of campaign mails (signed tokens, no session). Paths match
 * TRACKING_PATHS of the campaign service's tracking-tokens.ts, which builds the links.
 */
const token = z.object({ token: z.string().min(1).max(200) });

/** The text of the 404 answering a tracking link we did not sign (or whose target is gone). */
export const INVALID_TRACKING_LINK = 'This link is not valid';

/**
 * The open pixel: always a 1x1 transparent GIF with no-cache headers, whatever the token (a bad
 * one records nothing); a mail client never shows an error image.
 */
export const trackingOpenContract = defineEndpoint({
  service: 'campaign',
  method: 'GET',
  path: '/t/o/:token',
  access: 'public',
  request: token,
  response: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  produces: 'image/gif',
});

/**
 * A link click: 302 to the link of that index stored for that message, and only there (never an
 * open redirect). A bad, forged or out-of-range token is a 404 with INVALID_TRACKING_LINK.
 */
export const trackingClickContract = defineEndpoint({
  service: 'campaign',
  method: 'GET',
  path: '/t/c/:token',
  access: 'public',
  request: token,
  response: z.object({ url: z.string() }),
  redirects: 302,
});

/**
 * The unsubscribe link opened in a browser: an HTML confirmation page whose form POSTs back. A GET
 * never unsubscribes (scanners fetch every link). Not ours: 404 'This unsubscribe link is not valid'.
 */
export const trackingUnsubscribePageContract = defineEndpoint({
  service: 'campaign',
  method: 'GET',
  path: '/t/u/:token',
  access: 'public',
  request: token,
  response: z.string(),
  produces: 'text/html',
});

/**
 * Unsubscribes the message's person. RFC 8058 one-click (`List-Unsubscribe=One-Click`, form
 * encoded, from a mail client) answers 200 with the opt-out page; the page's form answers a 303 to
 * it (the organisation's custom opt-out page, or `{PUBLIC_BASE_URL}/unsubscribed`).
 */
export const trackingUnsubscribeContract = defineEndpoint({
  service: 'campaign',
  method: 'POST',
  path: '/t/u/:token',
  access: 'public',
  request: token.passthrough(),
  response: z.object({ url: z.string() }),
  redirects: 303,
});
