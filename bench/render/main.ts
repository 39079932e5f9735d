/**
 * Render benchmark: the product's render path (RenderPlan: sandboxed Liquid, ten tokens with
 * typed values and fallbacks, person fields, a signed unsubscribe link per person) against raw
 * liquidjs renderSync of the same pre-parsed template and token templates, in the same run.
 * Persons and tokens are in memory: database time is not part of either figure.
 *
 *   PERSONS=50000 node -r ./libs/testing/src/register-ts.cjs bench/render/main.ts
 */
import { randomBytes } from 'node:crypto';
import { Liquid, type Template } from 'liquidjs';
import { registerCatalogue } from '../../apps/campaign-service/src/modules/personalisation/function-catalogue';
import { LiquidSandbox } from '../../apps/campaign-service/src/modules/personalisation/liquid-sandbox';
import { RenderPlan } from '../../apps/campaign-service/src/modules/personalisation/render-core';
import { signerFor } from '../../apps/campaign-service/src/modules/personalisation/unsubscribe-links';
import { generatePersons, TEMPLATE, TOKENS } from './fixtures';

const ORG = '11111111-1111-4111-8111-111111111111';

interface Timing {
  /** Wall time. */
  ms: number;
  /** CPU time of this process: steadier than wall time on a shared machine. */
  cpuMs: number;
  bytes: number;
}

function timed(run: () => number): Timing {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const bytes = run();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, bytes };
}

function product(persons: readonly Record<string, unknown>[]): Timing {
  const sign = signerFor(randomBytes(32), 'https://mail.example.com');
  const plan = new RenderPlan(new LiquidSandbox(), { body: TEMPLATE }, TOKENS);
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

/** The same work with plain liquidjs: every token template and the email, renderSync per person. */
function raw(persons: readonly Record<string, unknown>[]): Timing {
  const liquid = new Liquid();
  registerCatalogue(liquid);
  const email: Template[] = liquid.parse(TEMPLATE);
  const tokens = TOKENS.map((t) => ({ name: t.name, templates: liquid.parse(t.code) }));
  return timed(() => {
    let bytes = 0;
    for (const person of persons) {
      const values: Record<string, unknown> = {};
      for (const token of tokens) values[token.name] = liquid.renderSync(token.templates, { person });
      const html = liquid.renderSync(email, { person, tokens: values, unsubscribe_url: `https://mail.example.com/u/${person.id as string}` }) as string;
      bytes += html.length;
    }
    return bytes;
  });
}

function main(): void {
  const count = Number(process.env.PERSONS ?? 50_000);
  const rounds = Number(process.env.ROUNDS ?? 3);
  const persons = generatePersons(count);
  console.log(`template ${(TEMPLATE.length / 1024).toFixed(1)} KB, ${TOKENS.length} tokens, ${count} persons, best of ${rounds} rounds`);
  // Warm both paths up so the JIT has seen them before timing.
  product(persons.slice(0, 2000));
  raw(persons.slice(0, 2000));
  const best = { raw: { ms: Infinity, cpuMs: Infinity, bytes: 0 }, product: { ms: Infinity, cpuMs: Infinity, bytes: 0 } };
  for (let round = 0; round < rounds; round++) {
    // Alternate which path goes first, so neither always runs on a warmer or quieter machine.
    const order = round % 2 === 0 ? (['raw', 'product'] as const) : (['product', 'raw'] as const);
    for (const path of order) {
      const t = path === 'raw' ? raw(persons) : product(persons);
      best[path] = { ms: Math.min(best[path].ms, t.ms), cpuMs: Math.min(best[path].cpuMs, t.cpuMs), bytes: t.bytes };
    }
  }
  const line = (label: string, t: Timing) =>
    `${label} wall ${t.ms.toFixed(0)} ms, cpu ${t.cpuMs.toFixed(0)} ms (${Math.round((count / t.cpuMs) * 1000).toLocaleString('en-US')} emails per cpu-second, ${(t.bytes / count / 1024).toFixed(1)} KB each)`;
  console.log(line('raw liquidjs renderSync:', best.raw));
  console.log(line('product render path:    ', best.product));
  console.log(`ratio raw/product: cpu ${(best.raw.cpuMs / best.product.cpuMs).toFixed(2)}x, wall ${(best.raw.ms / best.product.ms).toFixed(2)}x (target >= 0.8x)`);
}

main();
