import { Readable } from 'node:stream';
import { copyText, csvToCopyLines, readHeader } from './csv-reader';

async function lines(csv: string): Promise<string> {
  let out = '';
  for await (const chunk of csvToCopyLines(Readable.from([Buffer.from(csv)]), () => undefined)) out += String(chunk);
  return out;
}

describe(csvToCopyLines.name, () => {
  it('numbers rows as a spreadsheet does and escapes COPY specials', async () => {
    expect(await lines('email,note\r\na@x.co,"tab\there"\r\nb@x.co,"back\\\\slash\nnext"\r\n')).toBe(
      '2\ta@x.co\ttab\\there\n3\tb@x.co\tback\\\\\\\\slash\\nnext\n',
    );
  });

  it('turns blank cells into NULL', async () => {
    expect(await lines('email,note\na@x.co,  \n')).toBe('2\ta@x.co\t\\N\n');
  });

  it('reads only the header', async () => {
    await expect(readHeader(Readable.from([Buffer.from('\uFEFFemail,First Name\nbroken,"\n')]))).resolves.toEqual([
      'email',
      'First Name',
    ]);
  });

  it('names the line of a broken row', async () => {
    await expect(lines('email\na@x.co\n"b@x.co\n')).rejects.toThrow('Line 3: a quoted value is not closed');
  });
});

describe(copyText.name, () => {
  it('drops NUL, which Postgres text cannot hold', () => {
    expect(copyText('a\0b')).toBe('ab');
  });
});
