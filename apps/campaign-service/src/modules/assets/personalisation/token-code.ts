import {
  type PersonFieldType,
  type TokenReturnType,
  type TokenVerifyResult,
  tokenMessages,
  ownValue,
} from '@meridian/contracts';
import { LiquidError, Output, type Template, TokenKind, toValueSync, type Value } from 'liquidjs';
import { type LiquidSandbox, SandboxRefusal } from './liquid-sandbox';
import { outputProblem } from './output-lint';

/** Variables a token's code is rendered with: the person's fields. */
export interface TokenScope {
  person: Record<string, unknown>;
}

/**
 * A token's code ready to evaluate. Code that is one output (`{{ expr }}` with only spaces
 * around) yields the expression's value as is, so a token can be a number, a list or a map;
 * any other code renders to text.
 */
export type CompiledCode = { kind: 'value'; value: Value } | { kind: 'text'; templates: Template[] };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The return type of a value a token produced. */
export function classifyValue(value: unknown): TokenReturnType {
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (value instanceof Date) return 'datetime';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string')
    return ISO_DATE.test(value.trim()) && !Number.isNaN(Date.parse(value.trim())) ? 'datetime' : 'string';
  if (value !== null && typeof value === 'object') return 'hashmap';
  return 'string';
}

function isBlankText(template: Template): boolean {
  return template.token.kind === TokenKind.HTML && template.token.getText().trim() === '';
}

export function compileCode(sandbox: LiquidSandbox, code: string): CompiledCode {
  const templates = sandbox.parse(code);
  const meaningful = templates.filter((t) => !isBlankText(t));
  const only = meaningful[0];
  if (meaningful.length === 1 && only instanceof Output) return { kind: 'value', value: only.value };
  return { kind: 'text', templates };
}

/** Evaluates compiled code for one scope; throws on a render error or an exceeded limit. */
export function evaluateCode(sandbox: LiquidSandbox, compiled: CompiledCode, scope: TokenScope): unknown {
  if (compiled.kind === 'text') return sandbox.renderSync(compiled.templates, scope);
  return toValueSync(compiled.value.value(sandbox.context(scope).ctx, false));
}

/** A fallback typed for the token's return type ('12' → 12 for a number token). */
export function typedFallback(defaultValue: string, type: TokenReturnType): unknown {
  switch (type) {
    case 'number': {
      const n = Number(defaultValue);
      return defaultValue.trim() !== '' && Number.isFinite(n) ? n : defaultValue;
    }
    case 'boolean':
      return defaultValue === 'true' ? true : defaultValue === 'false' ? false : defaultValue;
    case 'array':
      return [];
    case 'hashmap':
      return {};
    case 'string':
    case 'datetime':
      return defaultValue;
  }
}

/** Whether a token's value counts as missing, so its fallback is used. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    (typeof value === 'string' && value.trim() === '')
  );
}

const SAMPLE_BY_TYPE: Record<PersonFieldType, unknown> = {
  string: 'Sample',
  boolean: true,
  integer: 42,
  float: 4.2,
  datetime: '2024-01-15T10:30:00.000Z',
};

const SAMPLE_DEFAULTS: Record<string, string> = {
  email: 'jane.doe@example.com',
  first_name: 'Jane',
  last_name: 'Doe',
  title: 'Head of Marketing',
  company_name: 'Example Ltd',
  phone_number: '+1 555 0100',
  product_user_id: 'user-1',
  org_id: 'org-1',
};

/** A person with a typed sample value in every field, to try code against. */
export function samplePerson(
  fields: readonly { name: string; type: PersonFieldType }[],
): Record<string, unknown> {
  const person: Record<string, unknown> = { id: '00000000-0000-4000-8000-000000000000' };
  for (const field of fields)
    person[field.name] = ownValue(SAMPLE_DEFAULTS, field.name) ?? SAMPLE_BY_TYPE[field.type];
  return person;
}

/** 1-based line and column of an offset in a text. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

function cleanMessage(error: Error): string {
  const first = (error.message.split('\n')[0] ?? '').replace(/, line:\d+, col:\d+$/, '');
  return first || 'Invalid token';
}

function liquidPosition(error: unknown): { line: number; column: number } | null {
  if (!(error instanceof LiquidError)) return null;
  // Errors of rendering are not syntax: they have no position to point the author to.
  if (error.name === 'RenderError' || error.name === 'UndefinedVariableError') return null;
  const [line, column] = error.token.getPosition();
  return line && column ? { line, column } : null;
}

function syntaxError(position: { line: number; column: number } | null, message: string): TokenVerifyResult {
  return {
    error: { position, reason: position ? tokenMessages.invalidSyntax : tokenMessages.invalidToken, message },
  };
}

/** Offsets of outputs Liquid accepted but that are malformed (`{{ a | }}`), with why. */
function malformedOutput(code: string, templates: Template[]): TokenVerifyResult | null {
  for (const template of templates) {
    if (!(template instanceof Output)) continue;
    const token = template.token;
    const problem = outputProblem(token.content);
    if (problem) {
      const [contentStart] = token.contentRange;
      return syntaxError(positionAt(code, contentStart + problem.offset), problem.reason);
    }
  }
  return null;
}

/**
 * Checks code as the editor sends it: a syntax error with its position, a code that fails on a
 * sample person without one, or the type the code returns.
 */
export function verifyCode(sandbox: LiquidSandbox, code: string, sample: TokenScope): TokenVerifyResult {
  if (code.trim() === '') return syntaxError(null, tokenMessages.codeRequired);
  let compiled: CompiledCode;
  try {
    compiled = compileCode(sandbox, code);
  } catch (error) {
    if (error instanceof SandboxRefusal) return syntaxError(null, error.message);
    if (error instanceof Error) return syntaxError(liquidPosition(error), cleanMessage(error));
    throw error;
  }
  const malformed = malformedOutput(
    code,
    compiled.kind === 'text' ? compiled.templates : sandbox.parse(code),
  );
  if (malformed) return malformed;
  try {
    return { return_type: classifyValue(evaluateCode(sandbox, compiled, sample)) };
  } catch (error) {
    if (error instanceof Error) return syntaxError(null, cleanMessage(error));
    throw error;
  }
}
