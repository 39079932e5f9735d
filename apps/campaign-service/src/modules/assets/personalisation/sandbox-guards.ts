import type { Context, FilterImplOptions, Liquid } from 'liquidjs';

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
  /** One allocation: a range, a list or a text a single step makes. */
  allocation: 1_000_000,
  /** Items of a list a function works on: sorting or grouping more is never a personalisation. */
  listItems: 100_000,
  /** Nesting of blocks inside blocks. */
  depth: 50,
  /** Parsed templates kept, by text. */
  cacheEntries: 500,
} as const;

export class SandboxRefusal extends Error {
  override name = 'SandboxRefusal';
}

type Limiter = Context['memoryLimit'];

/**
 * The memory limit of one render: Liquid charges ranges and filter allocations to it. On top of the
 * total it refuses any single allocation above `allocation`, so `(1..2400000)` fails at once
 * instead of after it has been built and walked. Output is charged through `charge` (no per-use cap:
 * an email's static HTML arrives in large pieces).
 */
export class BudgetLimiter {
  base = 0;
  readonly message = 'memory alloc limit exceeded';
  constructor(readonly limit: number = SANDBOX_LIMITS.memory) {}

  use(count: number): void {
    if (+count > SANDBOX_LIMITS.allocation) {
      throw new SandboxRefusal(
        `memory alloc limit exceeded (a list or text of more than ${SANDBOX_LIMITS.allocation.toLocaleString('en-US')} items)`,
      );
    }
    this.charge(count);
  }

  charge(count: number): void {
    if (+count > 0) {
      if (this.base + +count > this.limit) throw new SandboxRefusal(this.message);
      this.base += +count;
    }
  }

  check(count: number): void {
    if (+count > this.limit) throw new SandboxRefusal(this.message);
  }
}

/** The time limit of one render; `deadline` is a `performance.now()` instant. */
export class DeadlineLimiter {
  readonly base = 0;
  readonly message = 'template render limit exceeded';
  constructor(readonly limit: number) {}
  use(): void {}
  check(now: number): void {
    if (now > this.limit) throw new SandboxRefusal(this.message);
  }
}

export const asLimiter = (limiter: BudgetLimiter | DeadlineLimiter): Limiter => limiter as unknown as Limiter;

function sizeOf(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.length;
  return 0;
}

function checkList(value: unknown): void {
  if (Array.isArray(value) && value.length > SANDBOX_LIMITS.listItems) {
    throw new SandboxRefusal(
      `memory alloc limit exceeded (a list of more than ${SANDBOX_LIMITS.listItems.toLocaleString('en-US')} items)`,
    );
  }
}

type Handler = (this: { context: Context }, value: unknown, ...args: unknown[]) => unknown;

/**
 * Wraps every filter so work inside an expression is counted, not only between tags (where Liquid
 * checks its time limit): each call checks the render's deadline, refuses lists above `listItems`
 * (input and arguments), charges the lists it reads and the text or list it returns.
 */
export function guardFilters(liquid: Liquid): void {
  for (const [name, impl] of Object.entries(liquid.filters)) {
    const options: FilterImplOptions = impl;
    const handler = (typeof options === 'function' ? options : options.handler) as Handler | undefined;
    if (!handler) continue;
    const raw = typeof options === 'function' ? false : Boolean(options.raw);
    const before = (context: Context, value: unknown, args: unknown[]): void => {
      context.renderLimit.check(performance.now());
      checkList(value);
      for (const arg of args)
        checkList(Array.isArray(arg) && arg.length === 2 && typeof arg[0] === 'string' ? arg[1] : arg);
      if (Array.isArray(value)) context.memoryLimit.use(value.length);
    };
    // Liquid's own sorting and searching filters are generators; the rest are plain functions.
    const guarded: Handler =
      handler.constructor.name === 'GeneratorFunction'
        ? function* (
            this: { context: Context },
            value: unknown,
            ...args: unknown[]
          ): Generator<unknown, unknown, unknown> {
            before(this.context, value, args);
            const result: unknown = yield* handler.call(this, value, ...args) as Generator<
              unknown,
              unknown,
              unknown
            >;
            this.context.memoryLimit.use(sizeOf(result));
            return result;
          }
        : function (this: { context: Context }, value: unknown, ...args: unknown[]): unknown {
            before(this.context, value, args);
            const result = handler.call(this, value, ...args);
            this.context.memoryLimit.use(sizeOf(result));
            return result;
          };
    liquid.registerFilter(name, { handler: guarded, raw });
  }
}
