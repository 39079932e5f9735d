/**
 * A worker thread that turns one byte range of a CSV file into COPY text for the
 * staging table, so a large file is parsed on several cores. The range starts at a
 * record boundary; the file's header is read first, so the parser checks every row
 * against the header exactly as it would reading the whole file.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { csvToCopyLines } from '../uploads/csv-reader';
import type { ImportColumn } from './import-columns';
import { stagingRowTail } from './staging-row';

export interface CsvPartJob {
  path: string;
  /** Bytes [0, headerEnd) are the header record, its line ending included. */
  headerEnd: number;
  start: number;
  end: number;
  firstRow: number;
  columns: ImportColumn[];
}

/** Messages to the parent: COPY text, then the rows made, or the error that stopped the part. */
export type CsvPartMessage =
  { type: 'chunk'; data: string } | { type: 'done'; rows: number } | { type: 'error'; message: string };

/** Chunks sent and not yet taken by the parent: enough to keep COPY busy, little enough to bound memory. */
const WINDOW = 4;

async function run(job: CsvPartJob, port: NonNullable<typeof parentPort>): Promise<void> {
  async function* bytes() {
    yield* createReadStream(job.path, { start: 0, end: job.headerEnd - 1 });
    yield* createReadStream(job.path, { start: job.start, end: job.end - 1 });
  }
  let rows = 0;
  // The header read here must be the one the import mapped: else the range or the header end is wrong.
  const expected = job.columns.map((c) => c.header);
  const sameHeader = (header: string[]) =>
    header.length === expected.length && header.every((cell, i) => cell.trim() === expected[i]);
  const lines = csvToCopyLines(
    Readable.from(bytes(), { objectMode: false }),
    (header) => {
      if (!sameHeader(header)) throw new Error('The part does not start with the file header');
    },
    {
      tail: stagingRowTail(job.columns),
      firstRow: job.firstRow,
      onDone: (summary) => (rows = summary.rows),
    },
  );
  let credit = WINDOW;
  let wake: (() => void) | null = null;
  port.on('message', () => {
    credit++;
    wake?.();
    wake = null;
  });
  for await (const chunk of lines) {
    if (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
    credit--;
    port.postMessage({ type: 'chunk', data: String(chunk) } satisfies CsvPartMessage);
  }
  port.postMessage({ type: 'done', rows } satisfies CsvPartMessage);
}

if (parentPort) {
  const port = parentPort;
  run(workerData as CsvPartJob, port).catch((error: Error) => {
    port.postMessage({ type: 'error', message: error.message } satisfies CsvPartMessage);
  });
}
