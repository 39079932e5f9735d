import { isUtf8 } from 'node:buffer';
import { PassThrough, pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';

/** A row larger than this many characters is refused: bounds memory per row. */
export const MAX_RECORD_CHARS = 128 * 1024;
/** Spreadsheet exports with thousands of empty columns are mistakes, not contacts. */
export const MAX_COLUMNS = 500;
/** COPY text is handed on in chunks of about this size: one write per row costs more than the parse. */
const COPY_CHUNK_CHARS = 256 * 1024;

/** A problem with the file as a whole: the message is shown to the user as is. */
export class CsvFileError extends Error {}

const NOT_UTF8 = 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again';

/** Where the last complete UTF-8 character of `bytes` ends: a character cut by the chunk boundary waits for the next chunk. */
export function completeUtf8End(bytes: Buffer): number {
  const length = bytes.length;
  for (let i = length - 1; i >= Math.max(0, length - 4); i--) {
    const byte = bytes[i]!;
    if (byte < 0x80) return length;
    if ((byte & 0xc0) === 0x80) continue;
    const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    return i + size > length ? i : length;
  }
  return length;
}

/**
 * Passes the bytes on unchanged, refusing any that are not UTF-8 instead of
 * importing replacement characters. Checking bytes (rather than decoding to text)
 * lets the parser work on buffers, which is what it is fastest at.
 */
function utf8Bytes(): Transform {
  let carry: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      const bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
      const end = completeUtf8End(bytes);
      carry = end < bytes.length ? bytes.subarray(end) : null;
      const whole = bytes.subarray(0, end);
      if (!isUtf8(whole)) return done(new CsvFileError(NOT_UTF8));
      done(null, whole);
    },
    flush(done: TransformCallback) {
      done(carry ? new CsvFileError(NOT_UTF8) : null);
    },
  });
}

function describe(error: CsvError): string {
  const line = (error as { lines?: number }).lines;
  const where = line ? `Line ${line}` : 'The file';
  const messages: Record<string, string> = {
    CSV_QUOTE_NOT_CLOSED: 'a quoted value is not closed',
    CSV_INVALID_CLOSING_QUOTE: 'a quote is misplaced inside a value',
    CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quote is misplaced inside a value',
    INVALID_OPENING_QUOTE: 'a quote is misplaced inside a value',
    CSV_RECORD_INCONSISTENT_FIELDS_LENGTH:
      'the number of values differs from the number of columns in the header',
    CSV_RECORD_INCONSISTENT_COLUMNS: 'the number of values differs from the number of columns in the header',
    CSV_MAX_RECORD_SIZE: `the row is larger than ${MAX_RECORD_CHARS} characters`,
  };
  return `${where}: ${messages[error.code] ?? 'the file is not valid CSV'}`;
}

/** A cell as the contact keeps it: trimmed, blank is absent, NUL (which Postgres text cannot hold) dropped. */
export function cellValue(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return trimmed.includes('\0') ? trimmed.replace(/\0/g, '') : trimmed;
}

const COPY_SPECIALS = /[\\\t\n\r]/;

/** A cell for COPY's text format (see cellValue): `\N` when absent, backslash escapes. */
export function copyText(value: string | null | undefined): string {
  const cell = cellValue(value);
  if (cell === null) return '\\N';
  // Most cells have nothing to escape; testing first skips building a new string.
  if (!COPY_SPECIALS.test(cell)) return cell;
  return cell.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/** What csvToCopyLines adds to its plain output. */
export interface CopyLinesOptions {
  /** Appended to each row's line; must start with a tab. */
  tail?: (record: string[]) => string;
  /** The number of the first row after the header (2: rows numbered as a spreadsheet shows them). */
  firstRow?: number;
  /** Called once the whole input is read: the rows emitted and the record delimiter the parser found. */
  onDone?: (summary: { rows: number; recordDelimiter: string | null }) => void;
}

/**
 * Streams a CSV file as COPY text lines (`row number, cells...`, then what `tail`
 * adds). The header goes to `onHeader` first, which may throw to refuse the file or
 * pick the columns to keep. Memory stays bounded: one record at a time, each at most
 * MAX_RECORD_CHARS, and output chunks of COPY_CHUNK_CHARS.
 */
export function csvToCopyLines(
  source: Readable,
  onHeader: (headers: string[]) => number[] | void,
  options: CopyLinesOptions = {},
): Readable {
  const { tail, firstRow = 2, onDone } = options;
  // When onHeader names columns, only those are emitted (e.g. just the email).
  let picked: number[] | null = null;
  const parser = parse({
    bom: true,
    max_record_size: MAX_RECORD_CHARS,
    relax_column_count: false,
    // Quotes inside unquoted values (=HYPERLINK("x")) are common in exports; keep them as text.
    relax_quotes: true,
    skip_empty_lines: true,
  });
  let headerSeen = false;
  let row = firstRow;
  let pending = '';
  const toCopy = new Transform({
    writableObjectMode: true,
    transform(record: string[], _encoding, done: TransformCallback) {
      try {
        if (!headerSeen) {
          if (record.length > MAX_COLUMNS) {
            throw new CsvFileError(
              `The file has ${record.length} columns; at most ${MAX_COLUMNS} are allowed`,
            );
          }
          picked = onHeader(record) ?? null;
          headerSeen = true;
          return done();
        }
        let line = String(row++);
        if (picked) {
          for (const i of picked) line += `\t${copyText(record[i])}`;
        } else {
          for (const cell of record) line += `\t${copyText(cell)}`;
        }
        if (tail) line += tail(record);
        pending += `${line}\n`;
        if (pending.length < COPY_CHUNK_CHARS) return done();
        const chunk = pending;
        pending = '';
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      const delimiters = (parser as unknown as { options: { record_delimiter: Buffer[] } }).options
        .record_delimiter;
      onDone?.({ rows: row - firstRow, recordDelimiter: delimiters[0]?.toString() ?? null });
      done(null, pending || undefined);
    },
  });
  const output = new PassThrough();
  // One error path for the whole chain: parse errors become CsvFileError with the line.
  pipeline(source, utf8Bytes(), parser, toCopy, (error) => {
    if (!error) return;
    const code = (error as { code?: string }).code;
    output.destroy(code?.startsWith('CSV_') ? new CsvFileError(describe(error as CsvError)) : error);
  });
  toCopy.pipe(output);
  // A consumer that stops early (header read, COPY failure) stops the file read too.
  output.on('close', () => source.destroy());
  return output;
}

class HeaderRead extends Error {}

/** The first record of a CSV file; reads no further than it. */
export function readHeader(source: Readable): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let header: string[] | null = null;
    const lines = csvToCopyLines(source, (h) => {
      header = h;
      throw new HeaderRead();
    });
    lines.on('error', (error) => (error instanceof HeaderRead && header ? resolve(header) : reject(error)));
    lines.on('end', () => (header ? resolve(header) : reject(new CsvFileError('The file is empty'))));
    lines.resume();
  });
}
