import type { Pool } from 'pg';

export interface Stats {
  p50: number;
  p95: number;
  max: number;
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! };
}

/** Runs `once` for each of `count` calls (cycling through the shape's inputs), after a short warm-up. */
export async function sample<T>(
  inputs: T[],
  count: number,
  once: (input: T) => Promise<unknown>,
): Promise<Stats> {
  for (const input of inputs.slice(0, 5)) await once(input);
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await once(inputs[i % inputs.length]!);
    samples.push(performance.now() - start);
  }
  return stats(samples);
}

export async function post(
  base: string,
  token: string,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** EXPLAIN ANALYZE of one statement: its execution time and the scans it used. */
export async function plan(pool: Pool, text: string, values: unknown[]): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
    values,
  );
  const [{ Plan: root, 'Execution Time': ms }] = rows[0]!['QUERY PLAN'];
  const scans = new Set<string>();
  const walk = (node: PlanNode) => {
    if (node['Node Type'].includes('Scan'))
      scans.add(`${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : ''}`);
    node.Plans?.forEach(walk);
  };
  walk(root);
  return `${ms.toFixed(1)} ms [${[...scans].join('; ')}]`;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

export interface Statement {
  text: string;
  values: unknown[];
}

/** One query shape of a list: the product call, and the statements it runs, bare. */
export interface Shape<B> {
  name: string;
  bodies: B[];
  /** Held to the p95 target; other shapes are shown for information. */
  target: boolean;
  label: (body: B) => string;
  call: (body: B) => Promise<Record<string, unknown>>;
  sql: (body: B) => { page: Statement; count: Statement };
  /** The statements before this work, when there is something to compare. */
  previous?: (body: B) => { page: Statement; count: Statement };
}

const both = (pool: Pool, sql: { page: Statement; count: Statement }) =>
  Promise.all([pool.query(sql.page.text, sql.page.values), pool.query(sql.count.text, sql.count.values)]);

/** Times a shape through the product and bare (page and count side by side, as the service runs them). */
export async function runShape<B>(
  shape: Shape<B>,
  count: number,
  pool: Pool,
  targetMs: number,
): Promise<{ product: Stats; bare: Stats }> {
  const totals = new Map<string, string>();
  const product = await sample(shape.bodies, count, async (body) => {
    const page = await shape.call(body);
    totals.set(shape.label(body), `${String(page.total_count)}${page.total_capped ? '+' : ''}`);
  });
  const bare = await sample(shape.bodies, count, (body) => both(pool, shape.sql(body)));
  const verdict = shape.target ? (product.p95 <= targetMs ? ' (target met)' : ' (TARGET MISSED)') : '';
  console.log(
    `\n${shape.name}: product p95 ${ms(product.p95)} (p50 ${ms(product.p50)}, max ${ms(product.max)})${verdict}`,
  );
  console.log(
    `  bare SQL p95 ${ms(bare.p95)} (p50 ${ms(bare.p50)}); ratio bare/product ${(bare.p95 / product.p95).toFixed(2)}x`,
  );
  console.log(`  totals shown: ${[...totals].map(([k, v]) => (k ? `${k}: ${v}` : v)).join(', ')}`);
  for (const body of shape.bodies) {
    const sql = shape.sql(body);
    const what = shape.bodies.length > 1 ? ` '${shape.label(body)}'` : '';
    console.log(`  plan${what}: page ${await plan(pool, sql.page.text, sql.page.values)}`);
    console.log(`  plan${what}: count ${await plan(pool, sql.count.text, sql.count.values)}`);
  }
  if (shape.previous) {
    const previous = shape.previous;
    const old = await sample(shape.bodies, Math.max(3, shape.bodies.length), (body) =>
      both(pool, previous(body)),
    );
    console.log(
      `  before (rows skipped by OFFSET, exact count), bare SQL: p95 ${ms(old.p95)} (p50 ${ms(old.p50)})`,
    );
  }
  return { product, bare };
}
