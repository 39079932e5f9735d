/**
 * Route patterns (`/password/reset/:token`) without the router: the public pages build and
 * match their paths with these, so their first load does not carry the router.
 */

/** Fills `:name` segments, each encoded as a URI component (what the router's `generatePath` does). */
export function fillPath(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:([\w-]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing ":${name}" param`);
    return encodeURIComponent(value);
  });
}

/** Whether `pathname` is a path of `pattern`: whole segments, case-insensitive, trailing slash allowed. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/*$`, 'i').test(pathname);
}
