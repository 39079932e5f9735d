import type { TokenReturnType } from '@meridian/contracts';
import type { Template } from 'liquidjs';
import type { LiquidSandbox } from './liquid-sandbox';
import { type CompiledCode, compileCode, evaluateCode, isEmptyValue, typedFallback } from './token-code';

/** A saved token as the render path needs it. */
export interface SavedToken {
  name: string;
  code: string;
  default_value: string;
  return_type: TokenReturnType;
}

interface PreparedToken {
  name: string;
  compiled: CompiledCode | null;
  fallback: unknown;
}

type PreparedText = { key: string; templates: Template[] } | { key: string; error: string };

export interface RenderedTexts {
  texts: Record<string, string>;
  errors: Record<string, string>;
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').replace(/, line:\d+, col:\d+$/, '') || 'Render failed';
}

/** Names of the tokens texts read; null when one reads tokens dynamically (all are needed). */
function referencedTokens(sandbox: LiquidSandbox, texts: readonly PreparedText[]): Set<string> | null {
  const names = new Set<string>();
  for (const text of texts) {
    if (!('templates' in text)) continue;
    for (const segments of sandbox.liquid.globalVariableSegmentsSync(text.templates)) {
      if (segments[0] !== 'tokens') continue;
      const name = segments[1];
      if (typeof name !== 'string') return null;
      names.add(name);
    }
  }
  return names;
}

/**
 * The pure render core: texts parsed once and the tokens they use compiled once, then
 * `render(person, unsubscribeUrl)` per recipient. No database, no I/O: callers load persons
 * and tokens (one query each) and sign links, then render many persons with one plan.
 */
export class RenderPlan {
  private readonly texts: PreparedText[];
  private readonly tokens: PreparedToken[];

  constructor(
    private readonly sandbox: LiquidSandbox,
    texts: Record<string, string>,
    savedTokens: readonly SavedToken[],
  ) {
    this.texts = Object.entries(texts).map(([key, text]) => {
      try {
        return { key, templates: sandbox.parse(text) };
      } catch (error) {
        return { key, error: messageOf(error) };
      }
    });
    const wanted = referencedTokens(sandbox, this.texts);
    this.tokens = savedTokens
      .filter((token) => wanted === null || wanted.has(token.name))
      .map((token) => ({ name: token.name, compiled: this.compile(token.code), fallback: typedFallback(token.default_value, token.return_type) }));
  }

  private compile(code: string): CompiledCode | null {
    try {
      return code.trim() === '' ? null : compileCode(this.sandbox, code);
    } catch {
      // A saved token that no longer parses renders as its fallback.
      return null;
    }
  }

  /** Each used token's value for a person: its code's value, or the fallback on error or empty. */
  tokenValues(person: Record<string, unknown>): Record<string, unknown> {
    // No prototype: a token named like an Object.prototype member is just a key.
    const values = Object.create(null) as Record<string, unknown>;
    const scope = { person };
    for (const token of this.tokens) {
      let value: unknown = token.fallback;
      if (token.compiled) {
        try {
          const result = evaluateCode(this.sandbox, token.compiled, scope);
          if (!isEmptyValue(result)) value = result;
        } catch {
          // Runaway or failing code: the fallback stands in, the email still goes out.
        }
      }
      values[token.name] = value;
    }
    return values;
  }

  render(person: Record<string, unknown>, unsubscribeUrl: string): RenderedTexts {
    const scope = { person, tokens: this.tokenValues(person), unsubscribe_url: unsubscribeUrl };
    const texts: Record<string, string> = {};
    const errors: Record<string, string> = {};
    for (const text of this.texts) {
      if ('error' in text) {
        texts[text.key] = '';
        errors[text.key] = text.error;
        continue;
      }
      try {
        texts[text.key] = this.sandbox.renderSync(text.templates, scope);
      } catch (error) {
        texts[text.key] = '';
        errors[text.key] = messageOf(error);
      }
    }
    return { texts, errors };
  }
}
