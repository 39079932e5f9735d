import {
  CaptureTag,
  Context,
  type Emitter,
  type FS,
  Liquid,
  type Template,
  Tag,
  type TagToken,
  type TopLevelToken,
  toValue,
  toValueSync,
} from 'liquidjs';
import { registerCatalogue } from './function-catalogue';
import {
  asLimiter,
  BudgetLimiter,
  DeadlineLimiter,
  guardFilters,
  SANDBOX_LIMITS,
  SandboxRefusal,
} from './sandbox-guards';

export { SANDBOX_LIMITS, SandboxRefusal } from './sandbox-guards';

/**
 * How values inserted into a text are escaped (decisions: "Personalised HTML"): email HTML escapes
 * them as HTML unless the output ends in `| raw` (a value whose purpose is markup); a JSON payload
 * escapes them as JSON string content; subjects and plain text insert them as they are.
 */
export type TextMode = 'text' | 'html' | 'json';

/** No file system: every lookup fails, so include/render/layout can never read a file. */
const refusingFs: FS = {
  exists: () => Promise.resolve(false),
  existsSync: () => false,
  readFile: () => Promise.reject(new SandboxRefusal('Files are not available')),
  readFileSync: () => {
    throw new SandboxRefusal('Files are not available');
  },
  resolve: (_dir, file) => file,
  contains: () => Promise.resolve(false),
  containsSync: () => false,
};

/** Tags that load other templates by name are not part of the language. */
class RefusedTag extends Tag {
  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
    super(token, remainTokens, liquid);
    throw new SandboxRefusal(`tag "${token.name}" is not allowed`);
  }
  *render(): Generator<unknown, void, unknown> {
    // Never reached: the constructor refuses.
  }
}

/** Liquid's text form of an output value (arrays print their items, nil prints nothing). */
function stringify(value: unknown): string {
  const v: unknown = toValue(value);
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(stringify).join('');
  return String(v);
}

/** Collects output and charges it to the render's memory limit, so repeated output is bounded too. */
class ChargingEmitter implements Emitter {
  buffer = '';
  constructor(private readonly limit: BudgetLimiter) {}
  write(html: unknown): void {
    const text = stringify(html);
    this.limit.charge(text.length);
    this.buffer += text;
  }
}

/** `capture` renders into a private buffer Liquid does not charge; charge what it captured. */
class ChargedCaptureTag extends CaptureTag {
  override *render(ctx: Context): Generator<unknown, void, string> {
    yield* super.render(ctx);
    const captured: unknown = ctx.bottom()[this.variable];
    ctx.memoryLimit.use(typeof captured === 'string' ? captured.length : 0);
  }
}

/** A small LRU of parsed templates keyed by their text: a campaign renders one text many times. */
class ParseCache {
  private readonly entries = new Map<string, Template[]>();
  constructor(private readonly capacity: number) {}

  get(text: string): Template[] | undefined {
    const hit = this.entries.get(text);
    if (hit) {
      this.entries.delete(text);
      this.entries.set(text, hit);
    }
    return hit;
  }

  set(text: string, templates: Template[]): void {
    this.entries.set(text, templates);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

/** JSON string content of a value as Liquid prints it: quotes, backslashes and controls escaped. */
function jsonEscape(this: { context: Context }, value: unknown): string {
  const text = JSON.stringify(stringify(value)).slice(1, -1);
  this.context.memoryLimit.use(text.length);
  return text;
}

function createLiquid(keepOutputType: boolean, mode: TextMode = 'text'): Liquid {
  const liquid = new Liquid({
    fs: refusingFs,
    root: [],
    partials: [],
    layouts: [],
    relativeReference: false,
    dynamicPartials: false,
    templates: {},
    cache: false,
    ownPropertyOnly: true,
    strictFilters: true,
    strictVariables: false,
    jsTruthy: false,
    keepOutputType,
    ...(mode === 'html'
      ? { outputEscape: 'escape' as const }
      : mode === 'json'
        ? { outputEscape: jsonEscape }
        : {}),
    parseLimit: SANDBOX_LIMITS.parse,
    renderLimit: SANDBOX_LIMITS.render,
    memoryLimit: SANDBOX_LIMITS.memory,
    // Templates are emails: dates print in UTC unless the text names a zone.
    timezoneOffset: 0,
  });
  for (const name of ['include', 'render', 'layout', 'block']) liquid.registerTag(name, RefusedTag);
  liquid.registerTag('capture', ChargedCaptureTag);
  registerCatalogue(liquid);
  // Already-escaped output is not escaped twice: `| escape` in HTML, `| json` in a JSON payload.
  if (mode === 'html')
    liquid.registerFilter('escape', { handler: liquid.filters.escape as never, raw: true });
  if (mode === 'json') liquid.registerFilter('json', { handler: liquid.filters.json as never, raw: true });
  guardFilters(liquid);
  return liquid;
}

/** How deeply blocks nest in a text, counted on the raw tags (cheap, before parsing). */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  const tag = /\{%-?\s*(end)?(\w+)/g;
  const blocks = new Set(['if', 'unless', 'for', 'case', 'capture', 'tablerow', 'raw', 'comment']);
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    const name = m[2] ?? '';
    if (m[1] && blocks.has(name)) depth = Math.max(0, depth - 1);
    else if (!m[1] && blocks.has(name)) deepest = Math.max(deepest, ++depth);
  }
  return deepest;
}

/**
 * The one sandboxed Liquid of the service: no files, own properties only, strict filters, and
 * limits on parse size, render time and allocation. Parsed texts are cached by text.
 */
export class LiquidSandbox {
  /** Renders to text (subjects, token code, token previews, webhook URLs and headers). */
  readonly liquid = createLiquid(false);
  private readonly escaping = { html: createLiquid(false, 'html'), json: createLiquid(false, 'json') };
  private readonly cache = new ParseCache(SANDBOX_LIMITS.cacheEntries);
  /** A `performance.now()` instant no render may pass (the render worker sets it per job). */
  jobDeadline = Infinity;

  liquidFor(mode: TextMode): Liquid {
    return mode === 'text' ? this.liquid : this.escaping[mode];
  }

  /** Parses (or reuses) a text; throws a liquidjs error or SandboxRefusal when it is not allowed. */
  parse(text: string, mode: TextMode = 'text'): Template[] {
    const key = mode === 'text' ? text : `${mode}\u0000${text}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    if (text.length > SANDBOX_LIMITS.parse) throw new SandboxRefusal('Text is too long');
    if (nestingDepth(text) > SANDBOX_LIMITS.depth) throw new SandboxRefusal('Blocks are nested too deeply');
    const templates = this.liquidFor(mode).parse(text);
    this.cache.set(key, templates);
    return templates;
  }

  /** A render context with this sandbox's limits: its own allocation budget and a deadline. */
  context(scope: object, mode: TextMode = 'text'): { ctx: Context; budget: BudgetLimiter } {
    const liquid = this.liquidFor(mode);
    const budget = new BudgetLimiter();
    const deadline = new DeadlineLimiter(
      Math.min(performance.now() + SANDBOX_LIMITS.render, this.jobDeadline),
    );
    const ctx = new Context(
      scope,
      liquid.options,
      { sync: true },
      { liquid, memoryLimit: asLimiter(budget), renderLimit: asLimiter(deadline) },
    );
    return { ctx, budget };
  }

  /** Renders to text; every write is charged to the render's memory limit. */
  renderSync(templates: Template[], scope: object, mode: TextMode = 'text'): string {
    const { ctx, budget } = this.context(scope, mode);
    const emitter = new ChargingEmitter(budget);
    toValueSync(this.liquidFor(mode).renderer.renderTemplates(templates, ctx, emitter));
    return emitter.buffer;
  }
}

/** Shared by every module of the process: the parse cache pays off across requests. */
export const sandbox = new LiquidSandbox();
