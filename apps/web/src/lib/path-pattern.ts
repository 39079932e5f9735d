/**
 * Route patterns (`/password/reset/:token`): the routes are written with them, the router matches
 * them, and the public pages' first load builds and matches paths with them alone.
 */

/** Fills `:name` segments, each encoded as a URI component. */
export function fillPath(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:([\w-]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing ":${name}" param`);
    return encodeURIComponent(value);
  });
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The parameters of `pathname` under `pattern` (decoded), or null when it is not one of its paths:
 * whole segments, case-insensitive, trailing slashes allowed; `*` matches any path.
 */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  if (pattern === '*') return {};
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  const found = new RegExp(`^${source}/*$`, 'i').exec(pathname);
  if (!found) return null;
  return Object.fromEntries(names.map((name, i) => [name, decode(found[i + 1]!)]));
}

/** Whether `pathname` is a path of `pattern`. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  return matchPattern(pattern, pathname) !== null;
}

/** Static segments outrank parameters, which outrank `*`: `/salesforce/oauth.complete` before `/salesforce/:id`. */
export function patternRank(pattern: string): number {
  if (pattern === '*') return -1;
  return pattern
    .split('/')
    .filter(Boolean)
    .reduce((rank, segment) => rank + (segment.startsWith(':') ? 3 : 10), 1);
}

/** The parameter names of a pattern: `PathParam<'/token/:id'>` is `'id'`. */
export type PathParam<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParam<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
