import { describe, expect, it } from 'vitest';
import { codeCheckMessage, codeCheckOf } from './code-check';

describe('codeCheckOf', () => {
  it('reads the type of valid code', () => {
    expect(codeCheckOf({ return_type: 'number' })).toEqual({ status: 'valid', type: 'number' });
  });

  it('shows a syntax error with its line and column', () => {
    const check = codeCheckOf({
      error: {
        position: { line: 2, column: 7 },
        reason: 'Invalid syntax',
        message: 'tag "endif" not closed',
      },
    });
    expect(check).toEqual({
      status: 'invalid',
      reason: 'Invalid syntax',
      line: 2,
      column: 7,
      detail: 'tag "endif" not closed',
    });
    expect(codeCheckMessage(check)).toBe('Invalid syntax at line 2, column 7');
  });

  it('shows an invalid token without a position', () => {
    const check = codeCheckOf({ error: { position: null, reason: 'Invalid token' } });
    expect(codeCheckMessage(check)).toBe('Invalid token');
  });

  it('falls back to the spec reason when the server sends none', () => {
    expect(codeCheckMessage(codeCheckOf({ error: { position: { line: 1, column: 3 }, reason: '' } }))).toBe(
      'Invalid syntax at line 1, column 3',
    );
    expect(codeCheckMessage(codeCheckOf({ error: { position: null, reason: '' } }))).toBe('Invalid token');
  });

  it('says nothing for valid code', () => {
    expect(codeCheckMessage({ status: 'valid', type: 'string' })).toBeNull();
  });
});
