import { tokenMessages, type TokenReturnType, type TokenVerifyResult } from '@meridian/contracts';

/** What the editor shows about the code being typed (spec 5: 'Invalid syntax' or 'Invalid token'). */
export type CodeCheck =
  | { status: 'empty' }
  | { status: 'checking' }
  | { status: 'valid'; type: TokenReturnType }
  | { status: 'invalid'; reason: string; line: number | null; column: number | null; detail: string | null }
  | { status: 'failed' };

export function codeCheckOf(result: TokenVerifyResult): CodeCheck {
  if ('return_type' in result) return { status: 'valid', type: result.return_type };
  const { position, reason, message } = result.error;
  return {
    status: 'invalid',
    // The spec's rule: a position means a syntax error, none an invalid token.
    reason: reason || (position ? tokenMessages.invalidSyntax : tokenMessages.invalidToken),
    line: position?.line ?? null,
    column: position?.column ?? null,
    detail: message && message !== reason ? message : null,
  };
}

/** The line under the editor: 'Invalid syntax at line 2, column 7' or 'Invalid token'. */
export function codeCheckMessage(check: CodeCheck): string | null {
  if (check.status !== 'invalid') return null;
  return check.line === null
    ? check.reason
    : `${check.reason} at line ${check.line}${check.column === null ? '' : `, column ${check.column}`}`;
}
