import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PERSON_FIELDS } from '@meridian/contracts';
import { CsvFileError } from '../uploads/csv-reader';
import { CsvPartError, fileInParts, headerEnd, PART_ROWS, type StagingSource, wholeFile } from './csv-parts';
import { mapColumns } from './import-columns';

const HEADER = ['email', 'first_name', 'Plan'];
// The workers run these TypeScript sources, compiled by the test hook; the service's built code needs none.
const inParts = { minBytes: 0 };
const columns = mapColumns(HEADER, [...DEFAULT_PERSON_FIELDS]);

/** Each part's COPY lines, read side by side as the staging load reads them. */
async function read(source: StagingSource): Promise<string[][]> {
  return Promise.all(
    source.parts.map(async (part) => {
      let text = '';
      for await (const chunk of part.open()) text += String(chunk);
      return text.split('\n').filter(Boolean);
    }),
  );
}

/** A line without its generated id (random) and with the row number it will have once renumbered. */
function comparable(line: string, shifts: { firstRow: number; realFirstRow: number }[]): string {
  const cells = line.split('\t');
  let row = Number(cells[0]);
  for (const { firstRow, realFirstRow } of shifts)
    if (row >= firstRow && row < firstRow + PART_ROWS) row = row - firstRow + realFirstRow;
  return [row, ...cells.slice(1, -1)].join('\t');
}

describe('reading a CSV file in parts', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'csv-parts-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function file(name: string, content: string) {
    const path = join(dir, name);
    await writeFile(path, content);
    return { path, size: (await stat(path)).size };
  }

  const rows = (count: number, eol: string) =>
    Array.from(
      { length: count },
      (_, i) => `user${i}@x.co,"Name, ${i}",${i % 3 === 0 ? '' : `plan ""${i}""`}`,
    ).join(eol) + eol;

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
  ])(
    'gives the same rows as one parser, numbered alike once the parts are counted (%s)',
    async (_name, eol) => {
      const { path, size } = await file(
        `rows-${eol.length}.csv`,
        `\uFEFF${HEADER.join(',')}${eol}${rows(3000, eol)}`,
      );
      const parts = await fileInParts(path, size, columns, { parts: 3, ...inParts });
      expect(parts?.parts).toHaveLength(3);
      const lines = await read(parts!);
      const shifts = parts!.finish!();
      expect(shifts.map((s) => s.firstRow)).toEqual([PART_ROWS, 2 * PART_ROWS]);
      expect(shifts[0]!.realFirstRow).toBe(2 + lines[0]!.length);
      const [whole] = await read(wholeFile(path, columns));
      expect(lines.flat().map((line) => comparable(line, shifts))).toEqual(
        whole!.map((line) => comparable(line, [])),
      );
    },
  );

  it('fails the part before a cut that falls inside a quoted value spanning lines', async () => {
    const long = `"${'line\n'.repeat(2000)}"`;
    const { path, size } = await file(
      'spanning.csv',
      `email,first_name,Plan\na@x.co,Ann,${long}\nb@x.co,Bob,x\n`,
    );
    const parts = await fileInParts(path, size, columns, { parts: 2, ...inParts });
    await expect(read(parts!)).rejects.toBeInstanceOf(CsvFileError);
  });

  it('fails a part that does not start after the header the import mapped', async () => {
    const { path, size } = await file('other-header.csv', `email,first_name,Plan\n${rows(2000, '\n')}`);
    const other = mapColumns(['email', 'first_name', 'Tier'], [...DEFAULT_PERSON_FIELDS]);
    const parts = await fileInParts(path, size, other, { parts: 2, ...inParts });
    await expect(read(parts!)).rejects.toBeInstanceOf(CsvPartError);
  });

  it('refuses to renumber before every part is staged', async () => {
    const { path, size } = await file('unread.csv', `email,first_name,Plan\n${rows(2000, '\n')}`);
    const parts = await fileInParts(path, size, columns, { parts: 2, ...inParts });
    expect(() => parts!.finish!()).toThrow(CsvPartError);
  });

  it('keeps small files, one-core machines and unclear headers to one parser', async () => {
    const { path, size } = await file('small.csv', `email\n${rows(10, '\n')}`);
    expect(await fileInParts(path, size, columns)).toBeNull();
    expect(await fileInParts(path, size, columns, { parts: 1, ...inParts })).toBeNull();
    const mac = await file('mac.csv', `email,first_name,Plan\r${rows(2000, '\r')}`);
    expect(await fileInParts(mac.path, mac.size, columns, { parts: 2, ...inParts })).toBeNull();
  });

  it('finds where the header ends as csv-parse quotes', () => {
    expect(headerEnd(Buffer.from('email,name\na'))).toEqual({ end: 11, delimiter: '\n' });
    expect(headerEnd(Buffer.from('\uFEFF"e,mail","na""me"\r\na'))).toEqual({ end: 22, delimiter: '\r\n' });
    expect(headerEnd(Buffer.from('email,"multi\nline"\nx'))).toEqual({ end: 19, delimiter: '\n' });
    expect(headerEnd(Buffer.from('email,name\ra'))).toBeNull();
    expect(headerEnd(Buffer.from('email,name'))).toBeNull();
  });
});
