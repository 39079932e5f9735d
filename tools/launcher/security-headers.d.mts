// Types of security-headers.mjs for the TypeScript checks.
export function pageCsp(extraOrigins?: string[]): string;
export function thirdPartyOrigins(env: { SUPPORT_WIDGET_URL?: string; SENTRY_DSN?: string }): string[];
export const API_CSP: string;
export function securityHeaders(kind: 'page' | 'api', extraOrigins?: string[]): Record<string, string>;
