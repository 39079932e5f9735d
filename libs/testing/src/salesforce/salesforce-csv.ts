// RFC 4180 CSV as the Bulk API speaks it: comma-delimited, double quotes, LF or CRLF lines.

/** Rows of cells; quoted cells may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const length = text.length;
  while (i < length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        cell += c;
      }
      i += 1;
      continue;
    }
    if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (c === '\r' && text[i + 1] === '\n') i += 1;
    } else {
      cell += c;
    }
    i += 1;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** One CSV line; null cells are written empty and unquoted, the rest quoted. */
export function csvLine(cells: Array<string | null>): string {
  return cells.map((cell) => (cell === null ? '' : quote(cell))).join(',') + '\n';
}
