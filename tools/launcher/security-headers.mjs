// The security headers of every answer of the one origin. The services set the API
// ones themselves (libs/server-kit), so they hold behind any proxy; the gateway adds
// whatever an answer lacks. docker/nginx.conf carries the same values.

/**
 * The web app's policy: its own origin only. Styles may be inline: Mantine, CodeMirror
 * and the visual editor (GrapesJS, whose canvas is an iframe) write style attributes
 * and <style> elements. Images may be data: or blob: URLs (editor assets, uploads).
 * `extraOrigins` is for opt-in third parties configured by env (`thirdPartyOrigins`): the
 * page may load scripts from them and send requests to them.
 */
export function pageCsp(extraOrigins = []) {
  const extra = extraOrigins.length > 0 ? ` ${extraOrigins.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${extra}`,
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * The origins of the third parties a deployment configured: the support widget's script
 * (SUPPORT_WIDGET_URL) and the Sentry DSN's host the web app posts errors to (SENTRY_DSN). Unset,
 * none, and the policy stays the product's own origin only. A value that is not an https URL
 * adds nothing: the auth service refuses to start on it, saying why.
 * @param {{ SUPPORT_WIDGET_URL?: string, SENTRY_DSN?: string }} env
 */
export function thirdPartyOrigins(env) {
  const origins = [];
  for (const value of [env.SUPPORT_WIDGET_URL, env.SENTRY_DSN]) {
    if (!value) continue;
    let url;
    try {
      url = new URL(value);
    } catch {
      continue;
    }
    // The origin alone: a DSN's public key is no part of it.
    if (url.protocol === 'https:' && !origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

/** API answers are data, never a document: nothing may load from or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** @param {'page' | 'api'} kind */
export function securityHeaders(kind, extraOrigins = []) {
  return {
    'content-security-policy': kind === 'api' ? API_CSP : pageCsp(extraOrigins),
    'x-content-type-options': 'nosniff',
    'x-frame-options': kind === 'api' ? 'DENY' : 'SAMEORIGIN',
    'referrer-policy': 'same-origin',
  };
}
