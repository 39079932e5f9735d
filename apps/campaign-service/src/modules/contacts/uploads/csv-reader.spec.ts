import { Readable } from 'node:stream';
import { completeUtf8End, copyText, csvToCopyLines, readHeader } from './csv-reader';

async function lines(csv: string | Buffer[]): Promise<string> {
  let out = '';
  const chunks = typeof csv === 'string' ? [Buffer.from(csv)] : csv;
  for await (const chunk of csvToCopyLines(Readable.from(chunks), () => undefined)) out += String(chunk);
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
    await expect(
      readHeader(Readable.from([Buffer.from('\uFEFFemail,First Name\nbroken,"\n')])),
    ).resolves.toEqual(['email', 'First Name']);
  });

  it('keeps a character cut between two chunks whole', async () => {
    const bytes = Buffer.from('email,name\na@x.co,Zo\u00eb \u{1F600}\n');
    const cuts = [bytes.indexOf(0xc3) + 1, bytes.indexOf(0xf0) + 2];
    const chunks = [bytes.subarray(0, cuts[0]), bytes.subarray(cuts[0], cuts[1]), bytes.subarray(cuts[1])];
    expect(await lines(chunks)).toBe('2\ta@x.co\tZo\u00eb \u{1F600}\n');
  });

  it('refuses bytes that are not UTF-8, even at the very end', async () => {
    await expect(lines([Buffer.from('email\na@x.co\n'), Buffer.from([0xc3])])).rejects.toThrow(
      'The file is not UTF-8 text',
    );
    await expect(lines([Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x0a, 0xe9, 0x0a])])).rejects.toThrow(
      'The file is not UTF-8 text',
    );
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

describe(completeUtf8End.name, () => {
  it('holds back only an unfinished character', () => {
    expect(completeUtf8End(Buffer.from('ab'))).toBe(2);
    expect(completeUtf8End(Buffer.from('a\u00eb'))).toBe(3);
    expect(completeUtf8End(Buffer.from([0x61, 0xc3]))).toBe(1);
    expect(completeUtf8End(Buffer.from([0x61, 0xf0, 0x9f, 0x98]))).toBe(1);
  });
});
