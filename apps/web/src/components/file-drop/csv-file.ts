/** Spec section 5, "Contact CSV": one file, .csv only. */
export const CSV_ONLY = 'Only .csv files can be uploaded';
export const ONE_FILE = 'Upload one file at a time';

export function checkCsvFiles(files: File[]): { ok: true; file: File } | { ok: false; message: string } {
  if (files.length !== 1 || !files[0]) return { ok: false, message: ONE_FILE };
  const file = files[0];
  if (!file.name.toLowerCase().endsWith('.csv')) return { ok: false, message: CSV_ONLY };
  return { ok: true, file };
}
