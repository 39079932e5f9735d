import { SalesforceError } from './salesforce-values';

// The SOQL subset a sync needs: SELECT fields | COUNT() FROM object [WHERE ...] [ORDER BY ...]
// [LIMIT n] [OFFSET n], with AND/OR/NOT, parentheses, comparisons, [NOT] IN lists and LIKE.

export type SoqlLiteral = string | number | boolean | null | { datetime: number } | { date: string };

export type SoqlCondition =
  | { kind: 'and' | 'or'; items: SoqlCondition[] }
  | { kind: 'not'; item: SoqlCondition }
  | { kind: 'compare'; field: string; op: '=' | '!=' | '<' | '<=' | '>' | '>='; value: SoqlLiteral }
  | { kind: 'in'; field: string; negate: boolean; values: SoqlLiteral[] }
  | { kind: 'like'; field: string; pattern: string };

export interface SoqlOrder {
  field: string;
  descending: boolean;
  nullsLast: boolean;
}

export interface SoqlQuery {
  object: string;
  /** Selected field names as written; null for SELECT COUNT(). */
  fields: string[] | null;
  where?: SoqlCondition;
  orderBy: SoqlOrder[];
  limit?: number;
  offset?: number;
}

type Token = { type: 'string' | 'datetime' | 'date' | 'number' | 'symbol' | 'word'; text: string };

const TOKEN =
  /\s*(?:'((?:[^'\\]|\\.)*)'|(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2}))|(\d{4}-\d{2}-\d{2})(?![\dT])|(-?\d+(?:\.\d+)?)|(!=|<>|<=|>=|[=<>(),])|([A-Za-z_][\w.]*))/y;

const malformed = (message: string) => new SalesforceError('MALFORMED_QUERY', message);

function tokenize(soql: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let position = 0;
  while (position < soql.length) {
    if (/^\s*$/.test(soql.slice(position))) break;
    TOKEN.lastIndex = position;
    const m = TOKEN.exec(soql);
    if (!m) throw malformed(`unexpected token: '${soql.slice(position).trim().split(/\s/)[0]}'`);
    position = TOKEN.lastIndex;
    if (m[1] !== undefined) tokens.push({ type: 'string', text: m[1].replace(/\\(.)/g, '$1') });
    else if (m[2]) tokens.push({ type: 'datetime', text: m[2] });
    else if (m[3]) tokens.push({ type: 'date', text: m[3] });
    else if (m[4]) tokens.push({ type: 'number', text: m[4] });
    else if (m[5]) tokens.push({ type: 'symbol', text: m[5] === '<>' ? '!=' : m[5] });
    else tokens.push({ type: 'word', text: m[6]! });
  }
  return tokens;
}

class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }

  private isWord(word: string, offset = 0): boolean {
    const t = this.tokens[this.index + offset];
    return t?.type === 'word' && t.text.toUpperCase() === word;
  }

  private take(): Token {
    const t = this.tokens[this.index++];
    if (!t) throw malformed('unexpected end of query');
    return t;
  }

  private expectWord(word: string): void {
    const t = this.take();
    if (t.type !== 'word' || t.text.toUpperCase() !== word) throw malformed(`unexpected token: '${t.text}'`);
  }

  private expectSymbol(symbol: string): void {
    const t = this.take();
    if (t.type !== 'symbol' || t.text !== symbol) throw malformed(`unexpected token: '${t.text}'`);
  }

  private identifier(): string {
    const t = this.take();
    if (t.type !== 'word') throw malformed(`unexpected token: '${t.text}'`);
    return t.text;
  }

  private number(): number {
    const t = this.take();
    if (t.type !== 'number' || !/^\d+$/.test(t.text)) throw malformed(`unexpected token: '${t.text}'`);
    return Number(t.text);
  }

  parse(): SoqlQuery {
    this.expectWord('SELECT');
    let fields: string[] | null = [];
    if (this.isWord('COUNT') && this.tokens[this.index + 1]?.text === '(') {
      this.index += 1;
      this.expectSymbol('(');
      this.expectSymbol(')');
      fields = null;
    } else {
      fields.push(this.identifier());
      while (this.peek()?.text === ',') {
        this.index += 1;
        fields.push(this.identifier());
      }
    }
    this.expectWord('FROM');
    const query: SoqlQuery = { object: this.identifier(), fields, orderBy: [] };
    if (this.isWord('WHERE')) {
      this.index += 1;
      query.where = this.orCondition();
    }
    if (this.isWord('ORDER')) {
      this.index += 1;
      this.expectWord('BY');
      do {
        if (query.orderBy.length > 0) this.index += 1;
        query.orderBy.push(this.order());
      } while (this.peek()?.text === ',');
    }
    if (this.isWord('LIMIT')) {
      this.index += 1;
      query.limit = this.number();
    }
    if (this.isWord('OFFSET')) {
      this.index += 1;
      query.offset = this.number();
    }
    const rest = this.peek();
    if (rest) throw malformed(`unexpected token: '${rest.text}'`);
    return query;
  }

  private order(): SoqlOrder {
    const field = this.identifier();
    let descending = false;
    if (this.isWord('ASC') || this.isWord('DESC')) descending = this.take().text.toUpperCase() === 'DESC';
    let nullsLast = descending;
    if (this.isWord('NULLS')) {
      this.index += 1;
      const which = this.identifier().toUpperCase();
      if (which !== 'FIRST' && which !== 'LAST') throw malformed(`unexpected token: '${which}'`);
      nullsLast = which === 'LAST';
    }
    return { field, descending, nullsLast };
  }

  private orCondition(): SoqlCondition {
    const items = [this.andCondition()];
    while (this.isWord('OR')) {
      this.index += 1;
      items.push(this.andCondition());
    }
    return items.length === 1 ? items[0]! : { kind: 'or', items };
  }

  private andCondition(): SoqlCondition {
    const items = [this.unary()];
    while (this.isWord('AND')) {
      this.index += 1;
      items.push(this.unary());
    }
    return items.length === 1 ? items[0]! : { kind: 'and', items };
  }

  private unary(): SoqlCondition {
    if (this.isWord('NOT')) {
      this.index += 1;
      return { kind: 'not', item: this.unary() };
    }
    if (this.peek()?.text === '(') {
      this.index += 1;
      const inner = this.orCondition();
      this.expectSymbol(')');
      return inner;
    }
    const field = this.identifier();
    if (this.isWord('IN') || (this.isWord('NOT') && this.isWord('IN', 1))) {
      const negate = this.isWord('NOT');
      this.index += negate ? 2 : 1;
      this.expectSymbol('(');
      const values = [this.literal()];
      while (this.peek()?.text === ',') {
        this.index += 1;
        values.push(this.literal());
      }
      this.expectSymbol(')');
      return { kind: 'in', field, negate, values };
    }
    if (this.isWord('LIKE')) {
      this.index += 1;
      const pattern = this.take();
      if (pattern.type !== 'string') throw malformed(`unexpected token: '${pattern.text}'`);
      return { kind: 'like', field, pattern: pattern.text };
    }
    const op = this.take();
    if (op.type !== 'symbol' || !['=', '!=', '<', '<=', '>', '>='].includes(op.text)) {
      throw malformed(`unexpected token: '${op.text}'`);
    }
    return { kind: 'compare', field, op: op.text as '=', value: this.literal() };
  }

  private literal(): SoqlLiteral {
    const t = this.take();
    switch (t.type) {
      case 'string':
        return t.text;
      case 'number':
        return Number(t.text);
      case 'date':
        return { date: t.text };
      case 'datetime': {
        const ms = Date.parse(t.text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
        if (!Number.isFinite(ms)) throw malformed(`invalid datetime: ${t.text}`);
        return { datetime: ms };
      }
      case 'word': {
        const word = t.text.toUpperCase();
        if (word === 'NULL') return null;
        if (word === 'TRUE' || word === 'FALSE') return word === 'TRUE';
        throw malformed(`unexpected token: '${t.text}'`);
      }
      case 'symbol':
        throw malformed(`unexpected token: '${t.text}'`);
    }
  }
}

export function parseSoql(soql: string): SoqlQuery {
  return new Parser(tokenize(soql)).parse();
}
