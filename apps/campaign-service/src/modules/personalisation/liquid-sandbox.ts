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

/**
 * Limits of one render of one text for one person. Texts come from organisation users, so every
 * render is bounded in time, allocation and size; a runaway text fails alone, quickly.
 */
export const SANDBOX_LIMITS = {
  /** Characters of one template (an email body is far below this). */
  parse: 1_000_000,
  /** Milliseconds per render() call. */
  render: 1_000,
  /** Characters/items allocated by ranges, strings, joins, paddings per render() call. */
  memory: 5_000_000,
  /** Nesting of blocks inside blocks. */
  depth: 50,
  /** Parsed templates kept, by text. */
  cacheEntries: 500,
} as const;

export class SandboxRefusal extends Error {
  override name = 'SandboxRefusal';
}

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

type Limiter = Context['memoryLimit'];

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
  constructor(private readonly limit: Limiter) {}
  write(html: unknown): void {
    const text = stringify(html);
    this.limit.use(text.length);
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

function createLiquid(keepOutputType: boolean): Liquid {
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
    parseLimit: SANDBOX_LIMITS.parse,
    renderLimit: SANDBOX_LIMITS.render,
    memoryLimit: SANDBOX_LIMITS.memory,
    // Templates are emails: dates print in UTC unless the text names a zone.
    timezoneOffset: 0,
  });
  for (const name of ['include', 'render', 'layout', 'block']) liquid.registerTag(name, RefusedTag);
  liquid.registerTag('capture', ChargedCaptureTag);
  registerCatalogue(liquid);
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
  /** Renders to text (emails, token previews). */
  readonly liquid = createLiquid(false);
  private readonly cache = new ParseCache(SANDBOX_LIMITS.cacheEntries);

  /** Parses (or reuses) a text; throws a liquidjs error or SandboxRefusal when it is not allowed. */
  parse(text: string): Template[] {
    const hit = this.cache.get(text);
    if (hit) return hit;
    if (text.length > SANDBOX_LIMITS.parse) throw new SandboxRefusal('Text is too long');
    if (nestingDepth(text) > SANDBOX_LIMITS.depth) throw new SandboxRefusal('Blocks are nested too deeply');
    const templates = this.liquid.parse(text);
    this.cache.set(text, templates);
    return templates;
  }

  /** Renders to text; every write is charged to the render's memory limit. */
  renderSync(templates: Template[], scope: object): string {
    const ctx = new Context(scope, this.liquid.options, { sync: true }, { liquid: this.liquid });
    const emitter = new ChargingEmitter(ctx.memoryLimit);
    toValueSync(this.liquid.renderer.renderTemplates(templates, ctx, emitter));
    return emitter.buffer;
  }
}

/** Shared by every module of the process: the parse cache pays off across requests. */
export const sandbox = new LiquidSandbox();
