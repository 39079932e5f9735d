import { fieldName, type PersonField, type PersonFieldType } from '@meridian/contracts';
import { CsvFileError } from '../uploads/csv-reader';

/** One CSV column and the person field it fills. */
export interface ImportColumn {
  /** Position in the file; the staging table's column is `c{index}`. */
  index: number;
  header: string;
  field: string;
  custom: boolean;
  /** New fields are strings; the cells of other types are checked and stored typed. */
  type: PersonFieldType;
  /** Not a field yet: becomes a custom string field when the import runs. */
  isNew: boolean;
  length: number | null;
  display: string;
  /** Whether a blank cell is a row error (previews saved before this was recorded lack it). */
  required?: boolean;
}

/**
 * Maps the header to person fields: by name or display (any case), else a new
 * custom field. Refuses files without exactly one email column, blank or
 * repeated headers, and read-only fields.
 */
export function mapColumns(headers: string[], definitions: PersonField[]): ImportColumn[] {
  const byKey = new Map<string, PersonField>();
  for (const d of definitions) {
    byKey.set(d.name, d);
    byKey.set(fieldName(d.display), d);
  }
  const seen = new Set<string>();
  const columns = headers.map((raw, index): ImportColumn => {
    const header = raw.trim();
    const key = fieldName(header);
    if (!key) throw new CsvFileError(`Column ${index + 1} has no name`);
    const definition = byKey.get(key);
    const field = definition?.name ?? key;
    if (seen.has(field)) throw new CsvFileError(`The column "${header}" appears more than once`);
    seen.add(field);
    if (definition && definition.read_only && !definition.updatable) {
      throw new CsvFileError(`The column "${header}" is read-only and cannot be imported`);
    }
    return {
      index,
      header,
      field,
      custom: definition ? definition.custom : true,
      type: definition?.type ?? 'string',
      isNew: !definition,
      length: definition?.length ?? null,
      display: definition?.display ?? header,
      required: definition?.required ?? false,
    };
  });
  if (!columns.some((c) => c.field === 'email' && !c.custom)) {
    throw new CsvFileError('The file must have a column named email');
  }
  return columns;
}
