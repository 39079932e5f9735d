import { describe, expect, it } from 'vitest';
import { checkCsvFiles, CSV_ONLY, ONE_FILE } from './csv-file';

const file = (name: string) => new File(['email\na@b.co\n'], name, { type: 'text/csv' });

describe('checkCsvFiles', () => {
  it('accepts one .csv file, whatever the case of its extension', () => {
    expect(checkCsvFiles([file('contacts.CSV')])).toMatchObject({ ok: true });
  });

  it('refuses other file types', () => {
    expect(checkCsvFiles([file('contacts.xlsx')])).toEqual({ ok: false, message: CSV_ONLY });
  });

  it('refuses no file and several files', () => {
    expect(checkCsvFiles([])).toEqual({ ok: false, message: ONE_FILE });
    expect(checkCsvFiles([file('a.csv'), file('b.csv')])).toEqual({ ok: false, message: ONE_FILE });
  });
});
