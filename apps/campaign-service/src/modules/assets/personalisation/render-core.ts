import type { TokenReturnType } from '@meridian/contracts';
import type { Template } from 'liquidjs';
import type { LiquidSandbox, TextMode } from './liquid-sandbox';
import { type CompiledCode, compileCode, evaluateCode, isEmptyValue, typedFallback } from './token-code';

/** A saved token as the render path needs it. */
export interface SavedToken {
  name: string;
  code: string;
  default_value: string;
  return_type: TokenReturnType;
}

interface PreparedToken {
  token: SavedToken;
  /** Compiled on first use: a text that reads no token never compiles one. */
  compiled?: CompiledCode | null;
  fallback: unknown;
}

type PreparedText = { key: string; mode: TextMode; templates: Template[] } | { key: string; error: string };

export interface RenderedTexts {
  texts: Record<string, string>;
  errors: Record<string, string>;
}

/** How each text's inserted values are escaped; texts not named are plain text. */
export type TextModes = Record<string, TextMode>;

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').replace(/, line:\d+, col:\d+$/, '') || 'Render failed';
}

/**
 * The pure render core: texts parsed once, then `render(person, unsubscribeUrl)` per recipient.
 * Tokens are compiled on first use and evaluated per person only when a text reads them, so a
 * dynamic `tokens[...]` lookup costs the tokens it names, never every saved token. No database,
 * no I/O: callers load persons and tokens and sign links, then render many persons with one plan.
 */
export class RenderPlan {
  private readonly texts: PreparedText[];
  private readonly tokens = new Map<string, PreparedToken>();

  constructor(
    private readonly sandbox: LiquidSandbox,
    texts: Record<string, string>,
    savedTokens: readonly SavedToken[],
    modes: TextModes = {},
  ) {
    this.texts = Object.entries(texts).map(([key, text]) => {
      const mode = modes[key] ?? 'text';
      try {
        return { key, mode, templates: sandbox.parse(text, mode) };
      } catch (error) {
        return { key, error: messageOf(error) };
      }
    });
    for (const token of savedTokens) {
      this.tokens.set(token.name, { token, fallback: typedFallback(token.default_value, token.return_type) });
    }
  }

  private compiled(prepared: PreparedToken): CompiledCode | null {
    if (prepared.compiled === undefined) {
      const code = prepared.token.code;
      try {
        prepared.compiled = code.trim() === '' ? null : compileCode(this.sandbox, code);
      } catch {
        // A saved token that no longer parses renders as its fallback.
        prepared.compiled = null;
      }
    }
    return prepared.compiled;
  }

  /** A token's value for a person: its code's value, or the fallback on error or empty. */
  tokenValue(name: string, person: Record<string, unknown>): unknown {
    const prepared = this.tokens.get(name);
    if (!prepared) return undefined;
    const compiled = this.compiled(prepared);
    if (!compiled) return prepared.fallback;
    try {
      const result = evaluateCode(this.sandbox, compiled, { person });
      return isEmptyValue(result) ? prepared.fallback : result;
    } catch {
      // Runaway or failing code: the fallback stands in, the email still goes out.
      return prepared.fallback;
    }
  }

  /**
   * The `tokens` variable for a person: each value is computed when a text first reads it and kept
   * for the person's other texts. Nothing is listed (`tokens | json` is `{}`), so no text can make
   * every token run.
   */
  tokenValues(person: Record<string, unknown>): Record<string, unknown> {
    // No prototype: a token named like an Object.prototype member is just a key.
    const values = Object.create(null) as Record<string, unknown>;
    const known = (key: string | symbol): key is string => typeof key === 'string' && this.tokens.has(key);
    const read = (key: string): unknown => {
      if (!(key in values)) values[key] = this.tokenValue(key, person);
      return values[key];
    };
    return new Proxy(Object.create(null) as Record<string, unknown>, {
      get: (_target, key) => (known(key) ? read(key) : undefined),
      has: (_target, key) => known(key),
      getOwnPropertyDescriptor: (_target, key) =>
        known(key) ? { value: read(key), writable: false, enumerable: true, configurable: true } : undefined,
      ownKeys: () => [],
    });
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
        texts[text.key] = this.sandbox.renderSync(text.templates, scope, text.mode);
      } catch (error) {
        texts[text.key] = '';
        errors[text.key] = messageOf(error);
      }
    }
    return { texts, errors };
  }
}
