/**
 * Render benchmark: the product's render path (RenderPlan: sandboxed Liquid, ten tokens with
 * typed values and fallbacks, person fields HTML-escaped in the email, a signed unsubscribe link
 * per person) against raw liquidjs renderSync of the same pre-parsed template and token templates,
 * in the same run; and the same product path through the service's render pool (a worker thread,
 * batches of persons). Persons and tokens are in memory: database time is not part of any figure.
 *
 *   PERSONS=50000 node -r ./libs/testing/src/register-ts.cjs bench/render/main.ts
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Liquid, type Template } from 'liquidjs';
import { registerCatalogue } from '../../apps/campaign-service/src/modules/assets/personalisation/function-catalogue';
import { LiquidSandbox } from '../../apps/campaign-service/src/modules/assets/personalisation/liquid-sandbox';
import { RenderPlan } from '../../apps/campaign-service/src/modules/assets/personalisation/render-core';
import {
  RENDER_BATCH_PERSONS,
  RenderPool,
} from '../../apps/campaign-service/src/modules/assets/personalisation/render-pool';
import { signerFor } from '../../apps/campaign-service/src/modules/assets/personalisation/unsubscribe-links';
import { reportBench } from '../support/bench-result.mjs';
import { generatePersons, TEMPLATE, TOKENS } from './fixtures';

const ORG = '11111111-1111-4111-8111-111111111111';

interface Timing {
  /** Wall time. */
  ms: number;
  /**
   * CPU time of this process, every thread counted (process.cpuUsage): the main thread, the render
   * worker's thread and V8's helper threads (garbage collection) of both. Steadier than wall time
   * on a shared machine, and fair to a path that spreads its work over threads.
   */
  cpuMs: number;
  /** Of `cpuMs`, the main thread's share (Linux; NaN elsewhere). */
  mainCpuMs: number;
  bytes: number;
}

/** CPU milliseconds of the main thread so far (Linux: /proc clock ticks, 10 ms each). */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

async function timed(run: () => number | Promise<number>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const main = mainThreadCpuMs();
  const start = performance.now();
  const bytes = await run();
  const used = process.cpuUsage(cpu);
  return {
    ms: performance.now() - start,
    cpuMs: (used.user + used.system) / 1000,
    mainCpuMs: mainThreadCpuMs() - main,
    bytes,
  };
}

function product(persons: readonly Record<string, unknown>[]): Promise<Timing> {
  const sign = signerFor(randomBytes(32), 'https://mail.example.com');
  const plan = new RenderPlan(new LiquidSandbox(), { body: TEMPLATE }, TOKENS, { body: 'html' });
  return timed(() => {
    let bytes = 0;
    for (const person of persons) {
      const { texts, errors } = plan.render(person, sign(ORG, person.id as string));
      if (errors.body) throw new Error(errors.body);
      bytes += texts.body?.length ?? 0;
    }
    return bytes;
  });
}

/**
 * The product path as the service runs it: batches of persons rendered by one worker thread of
 * the render pool. Process CPU time counts the worker's thread and the main thread's share (signing,
 * sending persons, unpacking results) alike: cloning persons and packing results are in the figure.
 */
function pooled(persons: readonly Record<string, unknown>[], pool: RenderPool): Promise<Timing> {
  const sign = signerFor(randomBytes(32), 'https://mail.example.com');
  return timed(async () => {
    let bytes = 0;
    for (let i = 0; i < persons.length; i += RENDER_BATCH_PERSONS) {
      const batch = persons
        .slice(i, i + RENDER_BATCH_PERSONS)
        .map((person) => ({ variables: person, unsubscribeUrl: sign(ORG, person.id as string) }));
      const rendered = await pool.run(ORG, {
        kind: 'render',
        texts: { body: TEMPLATE },
        modes: { body: 'html' },
        tokens: TOKENS,
        persons: batch,
      });
      for (const { texts, errors } of rendered) {
        if (errors.body) throw new Error(errors.body);
        bytes += texts.body?.length ?? 0;
      }
    }
    return bytes;
  });
}

/** The same work with plain liquidjs: every token template and the email, renderSync per person. */
function raw(persons: readonly Record<string, unknown>[]): Promise<Timing> {
  // Escaping values in email HTML is part of the work (decisions, "Personalised HTML"): raw escapes too.
  const liquid = new Liquid({ outputEscape: 'escape' });
  registerCatalogue(liquid);
  const email: Template[] = liquid.parse(TEMPLATE);
  const tokens = TOKENS.map((t) => ({ name: t.name, templates: liquid.parse(t.code) }));
  return timed(() => {
    let bytes = 0;
    for (const person of persons) {
      const values: Record<string, unknown> = {};
      for (const token of tokens) values[token.name] = liquid.renderSync(token.templates, { person });
      const html = liquid.renderSync(email, {
        person,
        tokens: values,
        unsubscribe_url: `https://mail.example.com/u/${person.id as string}`,
      }) as string;
      bytes += html.length;
    }
    return bytes;
  });
}

async function main(): Promise<void> {
  const count = Number(process.env.PERSONS ?? 50_000);
  const rounds = Number(process.env.ROUNDS ?? 3);
  const persons = generatePersons(count);
  console.log(
    `template ${(TEMPLATE.length / 1024).toFixed(1)} KB, ${TOKENS.length} tokens, ${count} persons, best of ${rounds} rounds`,
  );
  // Warm both paths up so the JIT has seen them before timing.
  await product(persons.slice(0, 2000));
  await raw(persons.slice(0, 2000));
  // One worker, so its figure compares with the single-threaded paths (the service runs two).
  const pool = new RenderPool({
    size: 1,
    queuePerOrganisation: 1,
    budgetMs: 60_000,
    hardDeadlineMs: 120_000,
  });
  await pooled(persons.slice(0, 2000), pool);
  const best = {
    raw: { ms: Infinity, cpuMs: Infinity, mainCpuMs: Infinity, bytes: 0 },
    product: { ms: Infinity, cpuMs: Infinity, mainCpuMs: Infinity, bytes: 0 },
    pool: { ms: Infinity, cpuMs: Infinity, mainCpuMs: Infinity, bytes: 0 },
  };
  for (let round = 0; round < rounds; round++) {
    // Alternate which path goes first, so neither always runs on a warmer or quieter machine.
    const order =
      round % 2 === 0 ? (['raw', 'product', 'pool'] as const) : (['pool', 'product', 'raw'] as const);
    for (const path of order) {
      const t = await (path === 'raw'
        ? raw(persons)
        : path === 'product'
          ? product(persons)
          : pooled(persons, pool));
      // The main thread's share is the one of the round with the best CPU time.
      const better = t.cpuMs < best[path].cpuMs;
      best[path] = {
        ms: Math.min(best[path].ms, t.ms),
        cpuMs: better ? t.cpuMs : best[path].cpuMs,
        mainCpuMs: better ? t.mainCpuMs : best[path].mainCpuMs,
        bytes: t.bytes,
      };
    }
  }
  const line = (label: string, t: Timing) =>
    `${label} wall ${t.ms.toFixed(0)} ms, cpu ${t.cpuMs.toFixed(0)} ms (main thread ${t.mainCpuMs.toFixed(0)} ms; ${Math.round((count / t.cpuMs) * 1000).toLocaleString('en-US')} emails per cpu-second, ${(t.bytes / count / 1024).toFixed(1)} KB each)`;
  console.log(line('raw liquidjs renderSync:', best.raw));
  console.log(line('product render path:    ', best.product));
  console.log(line('product via render pool:', best.pool));
  console.log(
    `ratio raw/product: cpu ${(best.raw.cpuMs / best.product.cpuMs).toFixed(2)}x, wall ${(best.raw.ms / best.product.ms).toFixed(2)}x (target >= 0.8x)`,
  );
  console.log(
    `ratio raw/pool:    cpu ${(best.raw.cpuMs / best.pool.cpuMs).toFixed(2)}x, wall ${(best.raw.ms / best.pool.ms).toFixed(2)}x (target >= 0.8x)`,
  );
  await pool.close();
  reportBench({
    name: 'render',
    sizes: {
      persons: count,
      rounds,
      tokens: TOKENS.length,
      'template KB': Number((TEMPLATE.length / 1024).toFixed(1)),
    },
    baseline: {
      description:
        'raw liquidjs renderSync of the same pre-parsed template and tokens, HTML escaped (CPU time, best round)',
      figures: [{ label: 'raw liquidjs', value: best.raw.cpuMs, unit: 'ms cpu' }],
    },
    figures: [
      { label: 'render core', value: best.product.cpuMs, unit: 'ms cpu' },
      { label: 'render pool', value: best.pool.cpuMs, unit: 'ms cpu' },
    ],
    ratios: [
      { label: 'raw / core (cpu)', value: best.raw.cpuMs / best.product.cpuMs, op: '>=', target: 0.8 },
      { label: 'raw / pool (cpu)', value: best.raw.cpuMs / best.pool.cpuMs, op: '>=', target: 0.8 },
    ],
  });
}

void main();
