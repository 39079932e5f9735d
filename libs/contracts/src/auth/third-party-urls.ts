/**
 * The two third parties the browser may reach (product decisions, "Third-party pieces"): a
 * support widget's script and an error-reporting service's (Sentry) intake. Plain functions, no
 * schema library: the auth service checks its configuration with them, and the web app reads
 * what that service serves with the same rules.
 */

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** A script address the page may load: https, a host, and no credentials in it. */
export function isSupportWidgetUrl(value: string): boolean {
  const url = parseUrl(value);
  return url !== null && url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
}

/** What a browser needs of a Sentry DSN to post an event. */
export interface SentryDsn {
  /** `https://host[:port]`: where events go, and what the page's policy must allow. */
  origin: string;
  /** The path of a Sentry served under one (`/sentry`), else ''. */
  pathPrefix: string;
  publicKey: string;
  projectId: string;
}

/**
 * A public Sentry DSN, `https://<public key>@<host>[/<path>]/<project id>`, or null. A DSN with
 * a secret key (`key:secret@`, the old server form) is refused: this one is sent to browsers.
 */
export function parseSentryDsn(value: string): SentryDsn | null {
  const url = parseUrl(value);
  if (!url || url.protocol !== 'https:' || url.hostname === '' || url.password) return null;
  if (url.search || url.hash || !/^[A-Za-z0-9]+$/.test(url.username)) return null;
  const segments = url.pathname.split('/');
  const projectId = segments.pop() ?? '';
  if (!/^\d+$/.test(projectId)) return null;
  return { origin: url.origin, pathPrefix: segments.join('/'), publicKey: url.username, projectId };
}

/** Sentry's store endpoint for a DSN: events posted there need no other credential than the key. */
export function sentryStoreUrl(dsn: SentryDsn): string {
  return `${dsn.origin}${dsn.pathPrefix}/api/${dsn.projectId}/store/?sentry_key=${encodeURIComponent(dsn.publicKey)}&sentry_version=7`;
}
