import { publicRoutes } from '@/app/routes';
import { matchesPattern } from '@/lib/path-pattern';

/**
 * The login steps: shown without the router, so the login page's first load is the screen and
 * the UI library. Every other path loads the full app (`app/app.tsx`).
 */
export const earlyPages = [publicRoutes.loginStart, publicRoutes.loginPassword] as const;

export function isEarlyPage(pathname: string): boolean {
  return earlyPages.some((page) => matchesPattern(page.pattern, pathname));
}

/** Public paths: anything else needs a session. */
export function isPublicPath(pathname: string): boolean {
  return Object.values(publicRoutes).some((page) => matchesPattern(page.pattern, pathname));
}
