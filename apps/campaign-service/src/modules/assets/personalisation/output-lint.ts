/**
 * A strict reading of an output's expression (`{{ ... }}`). Liquid accepts some broken outputs
 * silently (`{{ name | }}`, `{{ a b }}`, a trailing `,` or `:`); an author must hear about them.
 * Returns the offset (in `content`) of the first problem, or null when the expression is well formed.
 *
 * Grammar: value ('|' name (':' arg (',' arg)*)?)*, arg = value | name ':' value,
 * value = string | number | range | path, path = (name | [value]) ('.' name | [value])*.
 */
export function outputProblem(content: string): { offset: number; reason: string } | null {
  const lexer = new Lexer(content);
  try {
    lexer.value();
    while (lexer.peek() === '|') {
      lexer.next();
      lexer.name('a function name');
      if (lexer.peek() === ':') {
        lexer.next();
        lexer.argument();
        while (lexer.peek() === ',') {
          lexer.next();
          lexer.argument();
        }
      }
    }
    lexer.end();
    return null;
  } catch (error) {
    if (error instanceof LintError) return { offset: error.offset, reason: error.message };
    throw error;
  }
}

class LintError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

const NAME = /[A-Za-z_][\w-]*\??/y;
const NUMBER = /-?\d+(\.\d+)?/y;
const STRING = /'[^']*'|"[^"]*"/y;

class Lexer {
  private p = 0;
  constructor(private readonly text: string) {}

  private skip(): void {
    while (this.p < this.text.length && /\s/.test(this.text[this.p] ?? '')) this.p++;
  }

  peek(): string {
    this.skip();
    return this.text[this.p] ?? '';
  }

  next(): void {
    this.p++;
  }

  private match(pattern: RegExp): string | null {
    this.skip();
    pattern.lastIndex = this.p;
    const m = pattern.exec(this.text);
    if (!m) return null;
    this.p += m[0].length;
    return m[0];
  }

  private fail(what: string): never {
    this.skip();
    throw new LintError(
      this.p,
      this.p >= this.text.length
        ? `expected ${what}`
        : `expected ${what}, found "${this.text.slice(this.p, this.p + 10)}"`,
    );
  }

  name(what: string): string {
    return this.match(NAME) ?? this.fail(what);
  }

  argument(): void {
    this.skip();
    const start = this.p;
    const name = this.match(NAME);
    if (name && this.peek() === ':') {
      this.next();
      this.value();
      return;
    }
    this.p = start;
    this.value();
  }

  value(): void {
    const c = this.peek();
    if (c === "'" || c === '"') {
      if (!this.match(STRING)) this.fail('a closing quote');
      return;
    }
    if (c === '(') {
      this.next();
      this.value();
      this.skip();
      if (!this.text.startsWith('..', this.p)) this.fail('".." in a range');
      this.p += 2;
      this.value();
      if (this.peek() !== ')') this.fail('")"');
      this.next();
      return;
    }
    if (this.match(NUMBER) !== null) return;
    this.path();
  }

  private path(): void {
    if (this.peek() === '[') this.bracket();
    else this.name('a value');
    for (;;) {
      const c = this.text[this.p];
      if (c === '.') {
        this.p++;
        this.name('a property name');
      } else if (c === '[') {
        this.bracket();
      } else {
        return;
      }
    }
  }

  private bracket(): void {
    this.next();
    this.value();
    if (this.peek() !== ']') this.fail('"]"');
    this.next();
  }

  end(): void {
    if (this.peek() !== '') this.fail('"|" or the end of the output');
  }
}
