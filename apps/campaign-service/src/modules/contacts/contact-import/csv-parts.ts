import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { csvToCopyLines } from '../uploads/csv-reader';
import type { CsvPartJob, CsvPartMessage } from './csv-part.worker';
import type { ImportColumn } from './import-columns';
import { stagingRowTail } from './staging-row';

/** Below this size one parser finishes before workers would have started. */
export const PARALLEL_MIN_BYTES = 16 * 1024 * 1024;
const MAX_PARTS = 4;
/** Row numbers of part k start at k * PART_ROWS until the real numbers are known (staging `line` is an integer). */
export const PART_ROWS = 500_000_000;
/** How far past a split target a line ending is looked for. */
const SEEK_WINDOW = 1024 * 1024;
/** The header must end within this many bytes to split the file. */
const HEADER_WINDOW = 64 * 1024;

/** The file could not be read in parts as planned: read it whole instead, which gives the authoritative result. */
export class CsvPartError extends Error {}

/** One part of a file on its way into the staging table. */
export interface StagingPart {
  /** The part's COPY text; called once, when its COPY is ready to read it. */
  open: () => Readable;
}

/** The parts of a file, and once all are staged, the row renumbering they need. */
export interface StagingSource {
  parts: StagingPart[];
  /**
   * Called after every part is staged: checks the parts met at record boundaries
   * (throws CsvPartError if not) and answers, per later part, the provisional number
   * of its first row and the real one.
   */
  finish?: () => { firstRow: number; realFirstRow: number }[];
}

/** The whole file by one parser, on this thread. */
export function wholeFile(path: string, columns: ImportColumn[]): StagingSource {
  return {
    parts: [
      {
        open: () =>
          csvToCopyLines(createReadStream(path), () => undefined, { tail: stagingRowTail(columns) }),
      },
    ],
  };
}

const WORKER_FILE = join(__dirname, `csv-part.worker${extname(__filename)}`);

/** The record delimiter of the header and where the header ends, by the rules csv-parse quotes by; null if unclear. */
export function headerEnd(bytes: Buffer): { end: number; delimiter: '\n' | '\r\n' } | null {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  let quoting = false;
  let fieldStart = true;
  for (; i < bytes.length; i++) {
    const byte = bytes[i];
    if (quoting) {
      if (byte !== 0x22) continue;
      if (bytes[i + 1] === 0x22) i++;
      else quoting = false;
    } else if (byte === 0x22 && fieldStart) {
      quoting = true;
      fieldStart = false;
    } else if (byte === 0x2c) {
      fieldStart = true;
    } else if (byte === 0x0a) {
      return { end: i + 1, delimiter: '\n' };
    } else if (byte === 0x0d) {
      return bytes[i + 1] === 0x0a ? { end: i + 2, delimiter: '\r\n' } : null;
    } else {
      fieldStart = false;
    }
  }
  return null;
}

async function readAt(path: string, position: number, length: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Where to cut the file: just after a line ending near each 1/n of it. A cut may
 * fall inside a quoted value that spans lines; the part before it then fails to
 * parse (its quote is not closed) and the file is read whole instead.
 */
async function cuts(
  path: string,
  size: number,
  parts: number,
  delimiter: '\n' | '\r\n',
  after: number,
): Promise<number[]> {
  const found: number[] = [];
  for (let k = 1; k < parts; k++) {
    const target = Math.floor((size * k) / parts);
    const window = await readAt(path, target, SEEK_WINDOW);
    const at = window.indexOf(delimiter);
    if (at < 0) continue;
    const cut = target + at + delimiter.length;
    if (cut > (found.at(-1) ?? after) && cut < size) found.push(cut);
  }
  return found;
}

/**
 * A part read by a worker thread, with at most a few chunks in flight. The worker
 * runs with the process's own Node options unless `execArgv` says otherwise (a
 * test running TypeScript sources passes the hook that compiles them).
 */
function workerPart(
  job: CsvPartJob,
  rows: (count: number) => void,
  execArgv: string[] | undefined,
): StagingPart {
  return {
    open: () => {
      const worker = new Worker(WORKER_FILE, {
        workerData: job,
        execArgv: execArgv ?? process.execArgv,
        resourceLimits: { maxOldGenerationSizeMb: 128 },
      });
      let owed = 0;
      const lines = new Readable({
        read() {
          for (; owed > 0; owed--) worker.postMessage(1);
        },
        destroy(error, callback) {
          void worker.terminate();
          callback(error);
        },
      });
      worker.on('message', (message: CsvPartMessage) => {
        if (message.type === 'chunk') {
          if (lines.push(message.data)) worker.postMessage(1);
          else owed++;
        } else if (message.type === 'done') {
          rows(message.rows);
          lines.push(null);
          void worker.terminate();
        } else {
          lines.destroy(new CsvPartError(message.message));
        }
      });
      worker.on('error', (error) => lines.destroy(new CsvPartError(error.message)));
      return lines;
    },
  };
}

/**
 * The file in parts, each parsed on its own thread, or null when one parser is the
 * better choice (a small file, one core, a header that does not end plainly).
 */
export async function fileInParts(
  path: string,
  size: number,
  columns: ImportColumn[],
  {
    parts = Math.min(MAX_PARTS, availableParallelism()),
    minBytes = PARALLEL_MIN_BYTES,
    workerExecArgv,
  }: { parts?: number; minBytes?: number; workerExecArgv?: string[] } = {},
): Promise<StagingSource | null> {
  if (parts < 2 || size < minBytes) return null;
  const header = headerEnd(await readAt(path, 0, HEADER_WINDOW));
  if (!header) return null;
  const bounds = await cuts(path, size, parts, header.delimiter, header.end);
  if (bounds.length === 0) return null;
  const starts = [0, ...bounds];
  const counts: (number | null)[] = starts.map(() => null);
  let firstDelimiter: string | null = null;
  const first: StagingPart = {
    open: () =>
      csvToCopyLines(createReadStream(path, { start: 0, end: bounds[0]! - 1 }), () => undefined, {
        tail: stagingRowTail(columns),
        onDone: (summary) => {
          counts[0] = summary.rows;
          firstDelimiter = summary.recordDelimiter;
        },
      }),
  };
  const rest = bounds.map((start, i) =>
    workerPart(
      {
        path,
        headerEnd: header.end,
        start,
        end: bounds[i + 1] ?? size,
        firstRow: (i + 1) * PART_ROWS,
        columns,
      },
      (rows) => (counts[i + 1] = rows),
      workerExecArgv,
    ),
  );
  return {
    parts: [first, ...rest],
    finish: () => {
      // The parser of the first part decides the line ending for the whole file: the cuts must agree.
      if (firstDelimiter !== header.delimiter || counts.some((c) => c === null)) {
        throw new CsvPartError('The parts do not meet at record boundaries');
      }
      let realFirstRow = 2 + counts[0]!;
      return rest.map((_, i) => {
        const shift = { firstRow: (i + 1) * PART_ROWS, realFirstRow };
        realFirstRow += counts[i + 1]!;
        return shift;
      });
    },
  };
}
