import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export const CUSTOM_COLUMNS = Array.from({ length: 10 }, (_, i) => `custom_${i + 1}`);
export const HEADERS = [
  'email',
  'first_name',
  'last_name',
  'title',
  'company_name',
  'phone_number',
  ...CUSTOM_COLUMNS,
];

/** A small deterministic generator (mulberry32): the same seed gives the same file. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Ken', 'Dennis', 'Frances', 'Donald', 'Radia'];
const TITLES = ['CEO', 'CTO', 'Engineer', 'Manager', 'Analyst', 'Designer'];

/** Writes `rows` contacts with unique emails and ~10 custom columns, with backpressure. */
export async function generateCsv(path: string, rows: number, seed = 42): Promise<void> {
  const next = random(seed);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const out = createWriteStream(path);
  out.write(`${HEADERS.join(',')}\n`);
  for (let i = 0; i < rows; i++) {
    const custom = CUSTOM_COLUMNS.map((_, c) =>
      c % 3 === 0 ? String(Math.floor(next() * 1e6)) : `value-${c}-${Math.floor(next() * 1000)}`,
    );
    const line = [
      `user${i}@example${i % 97}.com`,
      pick(NAMES),
      pick(NAMES),
      pick(TITLES),
      `"Company ${Math.floor(next() * 5000)}, Inc"`,
      `+1555${String(Math.floor(next() * 1e7)).padStart(7, '0')}`,
      ...custom,
    ].join(',');
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
